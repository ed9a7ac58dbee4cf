#!/usr/bin/env bash
# `make run` and `make build` install only what building and running need: asked with `make -n`
# on a machine where no package is installed (an empty INSTALLED_PACKAGES list stands in for
# dpkg's database), each says it would install exactly the Makefile's RUN_PACKAGES, and
# `make -n deps` (what `make test` starts with) those and TEST_PACKAGES too. Nothing is
# installed or built. (`make -n test` itself would run its recursive $(MAKE) lines.)
set -euo pipefail
cd "$(dirname "$0")/.."
none=$(mktemp)
trap 'rm -f "$none"' EXIT

would_install() {  # the packages `make -n TARGET` would install, sorted, one a line
  make -n --no-print-directory "$1" INSTALLED_PACKAGES="$none" | sed -n 's/^would install://p' | tr ' ' '\n' | sed '/^$/d' | sort
}
listed() {  # a package list the Makefile declares, sorted, one a line
  make --no-print-directory -s -f Makefile -f - print <<<"print: ; @echo \$($1)" | tr ' ' '\n' | sed '/^$/d' | sort
}

run_packages=$(listed RUN_PACKAGES)
all_packages=$( (listed RUN_PACKAGES; listed TEST_PACKAGES) | sort)
status=0
for target in run build; do
  got=$(would_install "$target")
  if [ "$got" != "$run_packages" ]; then
    echo "check-run-deps: make $target would install:" $got "— expected only:" $run_packages >&2
    status=1
  fi
done
got=$(would_install deps)
if [ "$got" != "$all_packages" ]; then
  echo "check-run-deps: make deps would install:" $got "— expected:" $all_packages >&2
  status=1
fi
# A machine with every run package installed builds and runs with nothing more installed.
listed RUN_PACKAGES >"$none"
got=$(would_install run)
if [ -n "$got" ]; then
  echo "check-run-deps: with the run packages installed, make run would still install:" $got >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-run-deps: make run and make build install only:" $run_packages
exit $status
