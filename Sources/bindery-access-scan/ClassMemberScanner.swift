/// Finds the class declarations of a Swift source and each one's stored instance members with
/// their declared access, from ``SwiftLexer``'s tokens: no type checking, just the shape of
/// declarations. Classes nested in types and extensions are found (`Outer.Inner`); classes and
/// variables inside function bodies, closures, accessors and initializer expressions are
/// locals and are not. Both branches of an `#if` are read, as if the directives were not there.
struct ClassMemberScanner {
    private let tokens: [SwiftToken]
    private var index = 0
    private var found: [ScannedClass] = []

    /// The classes declared in `source`, outer ones before those nested in them.
    static func classes(in source: String) -> [ScannedClass] {
        var scanner = ClassMemberScanner(tokens: SwiftLexer.tokens(of: source))
        scanner.scanDeclarations(in: Scope(path: [], classIndex: nil, visible: true, membersDefaultPrivate: false))
        return scanner.found
    }

    private init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    /// Where declarations are being read: the file, or the body of a type or extension.
    private struct Scope {
        let path: [String]
        /// The index in `found` of the class whose body this is.
        let classIndex: Int?
        let visible: Bool
        /// In a `private` or `fileprivate` extension, what is declared without an access
        /// keyword is not visible to the module.
        let membersDefaultPrivate: Bool
    }

    /// The modifiers read since the last declaration.
    private struct Modifiers {
        var access: DeclaredAccess?
        var isStatic = false
    }

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "actor"]
    private static let otherModifiers: Set<String> = [
        "static", "final", "override", "lazy", "weak", "unowned", "nonisolated", "dynamic", "required",
        "convenience", "mutating", "nonmutating", "indirect", "optional", "prefix", "postfix", "infix",
        "distributed", "isolated", "consuming", "borrowing", "__consuming", "reasync", "rethrows",
    ]
    private static let declarationKeywords: Set<String> = [
        "let", "var", "func", "init", "deinit", "subscript", "typealias", "associatedtype", "import",
        "case", "operator", "precedencegroup", "macro", "class", "struct", "enum", "protocol", "extension",
    ]

    private func token(_ offset: Int = 0) -> SwiftToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private static func isModifierWord(_ token: SwiftToken) -> Bool {
        token.kind == .identifier(escaped: false)
            && (DeclaredAccess(keyword: token.text) != nil || otherModifiers.contains(token.text))
    }

    /// Whether `token` begins a declaration: a keyword, a modifier, an attribute, a directive.
    private static func startsDeclaration(_ token: SwiftToken) -> Bool {
        if token.kind == .attribute || token.kind == .pound { return true }
        return token.kind == .identifier(escaped: false)
            && (declarationKeywords.contains(token.text) || isModifierWord(token) || token.text == "actor")
    }

    /// Reads declarations up to the `}` closing `scope` (consumed) or the end of the source.
    private mutating func scanDeclarations(in scope: Scope) {
        var modifiers = Modifiers()
        while let current = token() {
            var keepsModifiers = false
            switch current.kind {
            case .punctuation where current.text == "}":
                index += 1
                return
            case .punctuation where ["{", "(", "["].contains(current.text):
                skipGroup()
            case .pound:
                index += 1
                if current.text == "#if" || current.text == "#elseif" { skipRestOfLine() }
            case .attribute:
                index += 1
                if let next = token(), next.isPunctuation("("), !next.startsLine { skipGroup() }
                keepsModifiers = true
            case .identifier(escaped: false):
                keepsModifiers = readWord(current.text, modifiers: &modifiers, in: scope)
            default:
                index += 1
            }
            if !keepsModifiers { modifiers = Modifiers() }
        }
    }

    /// Reads the declaration or modifier starting with the word `word`; returns whether it
    /// was a modifier (so the modifiers read so far still apply to what follows).
    private mutating func readWord(_ word: String, modifiers: inout Modifiers, in scope: Scope) -> Bool {
        let next = token(1)
        if let access = DeclaredAccess(keyword: word), let next, next.isIdentifier || next.kind == .attribute || next.isPunctuation("(") {
            if next.isPunctuation("(") {
                // `private(set)`: the setter's access, not the getter's; `open(…)` is a call.
                guard token(2)?.isWord("set") == true, token(3)?.isPunctuation(")") == true else {
                    index += 1
                    return false
                }
                index += 4
                return true
            }
            modifiers.access = access
            index += 1
            return true
        }
        if word == "class", let next, next.kind == .identifier(escaped: false),
           Self.isModifierWord(next) || ["var", "let", "func", "subscript"].contains(next.text) {
            modifiers.isStatic = true   // `class var`, `class func`: a type member
            index += 1
            return true
        }
        if Self.otherModifiers.contains(word) {
            if word == "static" { modifiers.isStatic = true }
            index += 1
            if let argument = token(), argument.isPunctuation("("), !argument.startsLine { skipGroup() }   // `unowned(safe)`
            return true
        }
        if Self.typeKeywords.contains(word), let next, next.isIdentifier,
           !(next.kind == .identifier(escaped: false) && (Self.declarationKeywords.contains(next.text) || Self.isModifierWord(next))) {
            readTypeDeclaration(keyword: word, access: modifiers.access, in: scope)
            return false
        }
        switch word {
        case "let", "var":
            readStoredProperties(access: modifiers.access ?? .internal,
                                 into: modifiers.isStatic ? nil : scope.classIndex)
        case "import":
            index += 1
            skipRestOfLine()
        default:
            index += 1
        }
        return false
    }

    /// Reads `class Name<…>: Inherited, … where … { body }` (or a struct, enum, protocol,
    /// actor or extension) from its keyword, body included.
    private mutating func readTypeDeclaration(keyword: String, access: DeclaredAccess?, in scope: Scope) {
        index += 1
        var name = [token()?.text ?? ""]
        index += 1
        while let dot = token(), dot.kind == .operator, dot.text == ".", let part = token(1), part.isIdentifier {
            name.append(part.text)
            index += 2
        }
        var angles = 0
        var firstInherited: String?
        while let current = token(), !current.isPunctuation("{") {
            if current.isPunctuation("}") { return }   // malformed: no body
            if current.kind == .operator { angles += Self.angleChange(current.text) }
            if current.isPunctuation(":") && angles == 0 && firstInherited == nil {
                index += 1
                firstInherited = readDottedName()
                continue
            }
            if current.isPunctuation("(") || current.isPunctuation("[") { skipGroup(); continue }
            index += 1
        }
        guard token() != nil else { return }
        index += 1   // the body's `{`
        let isPrivate = access == .private || access == .fileprivate
        let visible = scope.visible && !isPrivate && !(access == nil && scope.membersDefaultPrivate)
        let path = keyword == "extension" ? name : scope.path + name
        var classIndex: Int?
        if keyword == "class" {
            found.append(ScannedClass(path: path, firstInherited: firstInherited, visibleToModule: visible, members: []))
            classIndex = found.count - 1
        }
        let body = Scope(path: path, classIndex: classIndex, visible: keyword == "extension" ? !isPrivate : visible,
                         membersDefaultPrivate: keyword == "extension" && isPrivate)
        scanDeclarations(in: body)
    }

    /// `A.B.C` from here, generic arguments skipped: `Base<T>` is `Base`.
    private mutating func readDottedName() -> String? {
        guard let first = token(), first.isIdentifier else { return nil }
        var parts = [first.text]
        index += 1
        while true {
            if let open = token(), open.kind == .operator, open.text.hasPrefix("<") {
                skipAngles()
            } else if let dot = token(), dot.kind == .operator, dot.text == ".", let part = token(1), part.isIdentifier {
                parts.append(part.text)
                index += 2
            } else {
                return parts.joined(separator: ".")
            }
        }
    }

    /// Reads the bindings of a `let` or `var` from its keyword: `let a = 1, b: Int`,
    /// `let (x, y) = …`, `var c: Int { didSet {} }` (stored) or `var d: Int { 1 }`
    /// (computed, left out). Stored ones are added to the class at `classIndex`, if any.
    private mutating func readStoredProperties(access: DeclaredAccess, into classIndex: Int?) {
        index += 1
        while let pattern = token() {
            var names: [String] = []
            if pattern.isIdentifier {
                names = [pattern.text]
                index += 1
            } else if pattern.isPunctuation("(") {
                let start = index
                skipGroup()
                names = tokens[start..<index].filter { $0.isIdentifier && $0.text != "_" }.map(\.text)
            } else {
                return
            }
            if token()?.isPunctuation(":") == true {
                index += 1
                skipType()
            }
            // `=`, or `>=` when a generic type is written against it (`Array<Int>=[]`).
            if let equals = token(), equals.kind == .operator, equals.text.hasSuffix("="), equals.text != "==" {
                index += 1
                skipExpression()
            }
            var computed = false
            if let open = token(), open.isPunctuation("{") {
                let next = token(1)
                computed = !(next?.isWord("willSet") == true || next?.isWord("didSet") == true)
                skipGroup()
            }
            if let classIndex, !computed {
                found[classIndex].members += names.map { ScannedMember(name: $0, access: access) }
            }
            guard token()?.isPunctuation(",") == true else { return }
            index += 1
        }
    }

    /// Skips a type annotation, up to its `=`, accessor block, `,` or the end of its line.
    private mutating func skipType() {
        var angles = 0
        while let current = token() {
            if current.startsLine && angles == 0 && current.kind != .operator { return }
            switch current.kind {
            case .punctuation where current.text == "(" || current.text == "[":
                skipGroup()
                continue
            case .punctuation where current.text == "," && angles > 0:
                break
            case .punctuation:
                return
            case .operator where current.text != "->":
                if current.text.hasSuffix("="), current.text != "==" {
                    // `Array<Int>=[]`: the closing `>`s, then the `=` the caller reads.
                    angles += Self.angleChange(String(current.text.dropLast()))
                    if angles <= 0 { return }
                }
                angles += Self.angleChange(current.text)
            default:
                break
            }
            index += 1
        }
    }

    /// Skips an initializer expression up to the `,` of the next binding, an observer block
    /// (`{ didSet … }`), or the end of the statement: a `;`, the body's `}`, or a line that
    /// starts a declaration. A `,` after a `<` not yet closed is taken to be inside generic
    /// arguments (`Dictionary<String, Int>()`), not to start another binding.
    private mutating func skipExpression() {
        var angles = 0
        while let current = token() {
            if current.kind == .operator { angles = max(0, angles + Self.angleChange(current.text)) }
            if current.isPunctuation(",") && angles > 0 { index += 1; continue }
            if current.startsLine && Self.startsDeclaration(current) { return }
            if current.isPunctuation("{") {
                if let next = token(1), next.isWord("willSet") || next.isWord("didSet") { return }
                skipGroup()
                continue
            }
            if current.isPunctuation("(") || current.isPunctuation("[") { skipGroup(); continue }
            if current.isPunctuation(",") || current.isPunctuation(";") || current.isPunctuation("}") { return }
            index += 1
        }
    }

    /// Skips from an opening `{`, `(` or `[` past its matching closer (whatever kind closes it,
    /// so that a malformed source cannot make the scan run on).
    private mutating func skipGroup() {
        var depth = 0
        while let current = token() {
            index += 1
            guard current.kind == .punctuation else { continue }
            if ["{", "(", "["].contains(current.text) { depth += 1 }
            if ["}", ")", "]"].contains(current.text) {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Skips generic arguments from their `<` past the matching `>`.
    private mutating func skipAngles() {
        var angles = 0
        while let current = token() {
            if current.kind == .operator { angles += Self.angleChange(current.text) }
            else if current.isPunctuation("(") || current.isPunctuation("[") { skipGroup(); continue }
            else if current.kind == .punctuation && current.text != "," { return }
            index += 1
            if angles <= 0 { return }
        }
    }

    /// Skips the tokens left on the current line (a directive's condition, an import).
    private mutating func skipRestOfLine() {
        while let current = token(), !current.startsLine { index += 1 }
    }

    /// How far an operator token opens (`<`) or closes (`>`) angle brackets; `->` does neither.
    private static func angleChange(_ text: String) -> Int {
        if text == "->" { return 0 }
        return text.reduce(0) { $0 + ($1 == "<" ? 1 : $1 == ">" ? -1 : 0) }
    }
}
