# bash completion for binderyctl(1): its options, socket paths after --socket, and REPL
# command lines after -c, completed as the REPL's Tab completes them. The names of view
# models, inputs and commands come from the daemon through `binderyctl --complete LINE`
# (the REPL's own completer), asked over the socket the line names, if any.
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
        -c | --command | --complete)
            # A command line is one argument, usually quoted: complete the text after the
            # quote; readline replaces exactly that text with each full candidate line.
            local line=$cur head="" candidate nospace=""
            case $line in \'* | \"*) line=${line:1} ;; esac
            [[ $line == *" "* ]] && head="${line% *} "
            COMPREPLY=()
            while IFS= read -r candidate; do
                COMPREPLY+=("$head$candidate")
                [[ $candidate == *. ]] && nospace=1
            done < <(binderyctl "${socket[@]}" --complete "$line" 2>/dev/null)
            [[ -n $nospace ]] && compopt -o nospace 2>/dev/null
            return ;;
    esac
    if [[ $cur == -* || -z $cur ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--socket -c --json --keep-going --complete --help --version' -- "$cur")
    fi
}
complete -F _binderyctl binderyctl
