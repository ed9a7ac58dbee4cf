# bash completion for binderyctl(1): its options, file names after --socket, -f and --check,
# and the REPL command line after -c, completed as the REPL's Tab completes it. Names of view
# models, inputs and commands come from the daemon through `binderyctl --complete LINE` (the
# REPL's own completer), asked over the socket the command line names, if any.
#
# A -c command is one argument, so it is completed inside quotes: `binderyctl -c se<Tab>`
# opens the quote (`'set `), `binderyctl -c 'set login.mo<Tab>` gives
# `'set login.mobilePhone ` and leaves the quote open while the command needs more.
_binderyctl() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local socket=() i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --socket | -s) socket=(--socket "${COMP_WORDS[i+1]}") ;;
            --socket=*) socket=("${COMP_WORDS[i]}") ;;
        esac
    done
    case $prev in
        --socket | -s)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return ;;
        -f | --file | --check)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return ;;
        -c | --command | --complete)
            _binderyctl_command_line "$cur" "${socket[@]}"
            return ;;
    esac
    # Every name of every option binderyctl declares (Invocation.options; CompletionScriptTests
    # keeps this list and the cases above equal to it).
    if [[ $cur == -* || -z $cur ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--socket -s -c --command -f --file --check --json --keep-going -k --complete --help -h --version -V' -- "$cur")
    fi
}

# _binderyctl_command_line WORD [--socket PATH]: COMPREPLY for a -c argument. Each line of
# `binderyctl --complete` replaces the last word: ending in "." it continues (a view model),
# ending in " " a required argument follows, otherwise it is complete.
_binderyctl_command_line() {
    local word=$1 line quote="" head="" candidate
    shift
    line=$word
    case $line in \'* | \"*) quote=${line:0:1}; line=${line:1} ;; esac
    [[ $line == *" "* ]] && head="${line% *} "
    local candidates=()
    mapfile -t candidates < <(binderyctl "$@" --complete "$line" 2>/dev/null)
    COMPREPLY=()
    if [[ -z $quote ]]; then
        # Unquoted: open the quote the command line needs; close it when nothing follows.
        [[ -z $head ]] || return 0
        for candidate in "${candidates[@]}"; do
            case $candidate in
                *. | *" ") COMPREPLY+=("'$candidate") ;;
                *) COMPREPLY+=("'$candidate'") ;;
            esac
        done
        [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} != *\' ]] && compopt -o nospace 2>/dev/null
        return 0
    fi
    for candidate in "${candidates[@]}"; do COMPREPLY+=("$head$candidate"); done
    [[ ${#candidates[@]} == 1 ]] || return 0
    # readline closes the quote after a single match: keep it open while more must follow,
    # by offering a second match that shares the whole first one.
    candidate=${candidates[0]}
    if [[ $candidate == *. ]]; then
        local members=()
        mapfile -t members < <(binderyctl "$@" --complete "$head$candidate" 2>/dev/null)
        [[ ${#members[@]} -gt 1 ]] && COMPREPLY=("${members[@]/#/$head}") || COMPREPLY+=("$head$candidate…")
        compopt -o nospace 2>/dev/null
    elif [[ $candidate == *" " ]]; then
        COMPREPLY+=("$head$candidate…")
        compopt -o nospace 2>/dev/null
    fi
}
complete -F _binderyctl binderyctl
