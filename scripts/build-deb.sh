#!/usr/bin/env bash
# build-deb.sh ROOT VERSION ARCH OUTPUT: turns a `make install PREFIX=/usr DESTDIR=ROOT` tree
# into the Debian package OUTPUT, as dh would: binaries stripped, man pages and the changelog
# compressed (gzip -9n), the copyright file, md5sums, maintainer scripts, Depends computed by
# dpkg-shlibdeps, files owned by root. Run by `make deb`.
set -euo pipefail
root=$1 version=$2 arch=$3 output=$4
here=$(cd "$(dirname "$0")/.." && pwd)
debian=$here/packaging/debian
doc=$root/usr/share/doc/bindery

# The changelog's newest entry names the release the programs print (--version); a release
# bumped in one place and not the other would ship a package that lies about its version.
newest=$(sed -n '1s/^bindery (\([^)]*\)).*/\1/p' "$debian/changelog")
[ "$newest" = "$version" ] || {
    echo "build-deb: packaging/debian/changelog's newest entry is '$newest', the programs are $version" >&2; exit 1; }

for binary in "$root"/usr/bin/*; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
done
find "$root/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +
install -m 0644 "$debian/copyright" "$doc/copyright"
gzip -9n -c "$debian/changelog" > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"
# dh compresses documentation above 4 KiB; so does this.
find "$doc" -type f -name '*.md' -size +4k -exec gzip -9n {} +

# dpkg-shlibdeps wants a source package around it: a scratch debian/control in a temp dir.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: bindery\n\nPackage: bindery\nArchitecture: any\n' > "$work/debian/control"
binaries=()
for binary in "$root"/usr/bin/*; do binaries+=("$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"); done
depends=$(cd "$work" && dpkg-shlibdeps -O "${binaries[@]}" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

install -d -m 0755 "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
    "$debian/control.in" > "$root/DEBIAN/control"
# /etc/default/bindery is the operator's: dpkg keeps their changes on upgrade, purge removes it.
[ -d "$root/etc" ] && (cd "$root" && find etc -type f -printf '/%p\n' | LC_ALL=C sort) > "$root/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m 0755 "$debian/$script" "$root/DEBIAN/$script"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
    > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
[ ! -e "$root/DEBIAN/conffiles" ] || chmod 0644 "$root/DEBIAN/conffiles"
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$output" >/dev/null
echo "built $output"
