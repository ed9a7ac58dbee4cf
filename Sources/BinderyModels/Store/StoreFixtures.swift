import BinderySQLite
/// The rows a new model database starts with, generated in code so every build and every
/// test sees the same data: 24 accounts, 50 products, 6 users with 25–40 tweets each, and
/// 34 books. Public so view-model tests can name a real phone, user or book.
public enum StoreFixtures {
    /// The phone the login walkthrough uses; its code is "1234".
    public static let demoPhone = "13800138000"

    /// Accounts, `demoPhone` first. Every phone is a valid mainland mobile number and every
    /// code 4 digits.
    public static let accounts: [Account] = [
        ("13800138000", "1234", "Zhang Wei"), ("13912345678", "4321", "Wang Fang"),
        ("15011112222", "0000", "Li Na"), ("15123456789", "5678", "Liu Yang"),
        ("15287654321", "8765", "Chen Jing"), ("15800001111", "2468", "Yang Lei"),
        ("15999998888", "1357", "Zhao Min"), ("16612341234", "9999", "Huang Tao"),
        ("17055556666", "1111", "Zhou Jie"), ("17698765432", "2222", "Wu Xia"),
        ("17713572468", "3333", "Xu Ming"), ("18011223344", "4444", "Sun Li"),
        ("18155667788", "5555", "Ma Chao"), ("18600000000", "6666", "Zhu Hong"),
        ("18712121212", "7777", "Hu Jun"), ("18834343434", "8888", "Guo Ying"),
        ("18956565656", "0123", "He Ping"), ("19178787878", "3210", "Lin Xue"),
        ("19890909090", "4567", "Gao Feng"), ("19901010101", "7654", "Luo Dan"),
        ("13512344321", "8080", "Zheng Hui"), ("13643211234", "9090", "Liang Kai"),
        ("13755554444", "1212", "Song Yu"), ("14766667777", "3434", "Tang Qian"),
    ].map { phone, code, name in
        Account(
            phone: phone, verificationCode: code, name: name,
            avatarURL: "https://avatars.bindery.example/accounts/\(phone).png")
    }

    /// 50 products (pages 0…3 of 15, the last one partial), ids 1…50.
    public static let products: [Product] = {
        let materials = ["Walnut", "Bamboo", "Copper", "Linen", "Ceramic",
                         "Leather", "Marble", "Wool", "Glass", "Oak"]
        let items = ["Desk Lamp", "Notebook", "Mug", "Backpack", "Pen Holder"]
        return (0..<50).map { index in
            Product(
                id: index + 1,
                title: "\(materials[index % materials.count]) \(items[index / materials.count])")
        }
    }()

    /// Users, each with at least 25 tweets.
    public static let users: [User] = authors.map { author in
        User(
            username: author.username, fullName: author.fullName,
            avatarURL: "https://avatars.bindery.example/users/\(author.username).png")
    }

    /// Every user's tweets, grouped by user in `users` order, ids 1…n.
    public static let tweets: [Tweet] = {
        let openers = ["Just shipped", "Thinking about", "Reading up on", "Still debugging",
                       "Loving", "Rewrote", "Benchmarked", "Sketching"]
        var tweets: [Tweet] = []
        for (author, user) in zip(authors, users) {
            for number in 1...author.tweetCount {
                let opener = openers[(number - 1) % openers.count]
                let subject = author.subjects[(number * 3) % author.subjects.count]
                tweets.append(Tweet(
                    id: tweets.count + 1, username: user.username,
                    authorFullName: user.fullName, authorAvatarURL: user.avatarURL,
                    content: "\(opener) \(subject) (\(number)/\(author.tweetCount))"))
            }
        }
        return tweets
    }()

    /// 34 books; several match "swift" or "the", exactly one title contains "%", none "_".
    public static let books: [Book] = [
        ("The Swift Programming Language", "Apple Inc.", 2014),
        ("Advanced Swift", "Chris Eidhof, Ole Begemann, Airspeed Velocity", 2016),
        ("Functional Swift", "Chris Eidhof, Florian Kugler, Wouter Swierstra", 2014),
        ("Swift in Depth", "Tjeerd in 't Veen", 2018),
        ("Thinking in SwiftUI", "Chris Eidhof, Florian Kugler", 2020),
        ("Swift Concurrency by Tutorials", "Scott Grosch", 2021),
        ("The Pragmatic Programmer", "Andrew Hunt, David Thomas", 1999),
        ("The Mythical Man-Month", "Frederick P. Brooks Jr.", 1975),
        ("The C Programming Language", "Brian W. Kernighan, Dennis M. Ritchie", 1978),
        ("The Art of Computer Programming", "Donald E. Knuth", 1968),
        ("Structure and Interpretation of Computer Programs", "Harold Abelson, Gerald Jay Sussman", 1985),
        ("Design Patterns", "Erich Gamma, Richard Helm, Ralph Johnson, John Vlissides", 1994),
        ("Refactoring", "Martin Fowler", 1999),
        ("Clean Code", "Robert C. Martin", 2008),
        ("Code Complete", "Steve McConnell", 1993),
        ("Domain-Driven Design", "Eric Evans", 2003),
        ("Working Effectively with Legacy Code", "Michael Feathers", 2004),
        ("Test-Driven Development by Example", "Kent Beck", 2002),
        ("Designing Data-Intensive Applications", "Martin Kleppmann", 2017),
        ("The Linux Programming Interface", "Michael Kerrisk", 2010),
        ("Advanced Programming in the UNIX Environment", "W. Richard Stevens", 1992),
        ("Operating Systems: Three Easy Pieces", "Remzi H. Arpaci-Dusseau, Andrea C. Arpaci-Dusseau", 2018),
        ("Computer Networks", "Andrew S. Tanenbaum", 1981),
        ("Gödel, Escher, Bach", "Douglas Hofstadter", 1979),
        ("The Soul of a New Machine", "Tracy Kidder", 1981),
        ("Hackers & Painters", "Paul Graham", 2004),
        ("Programming Pearls", "Jon Bentley", 1986),
        ("Types and Programming Languages", "Benjamin C. Pierce", 2002),
        ("Compilers: Principles, Techniques, and Tools", "Alfred V. Aho, Monica S. Lam, Ravi Sethi, Jeffrey D. Ullman", 1986),
        ("Crafting Interpreters", "Robert Nystrom", 2021),
        ("Using SQLite", "Jay A. Kreibich", 2010),
        ("Reactive Programming with RxJava", "Tomasz Nurkiewicz, Ben Christensen", 2016),
        ("Functional Reactive Programming", "Stephen Blackheath, Anthony Jones", 2016),
        ("The 1% Windfall", "Rafi Mohammed", 2010),
    ].enumerated().map { index, book in
        Book(id: index + 1, title: book.0, author: book.1, year: book.2)
    }

    /// Inserts every fixture row (into the tables of schema version 1).
    static func insert(into connection: SQLiteConnection) throws(SQLiteError) {
        for account in accounts {
            try connection.execute(
                "INSERT INTO accounts (phone, verification_code, name, avatar_url) VALUES (?, ?, ?, ?)",
                [account.phone, account.verificationCode, account.name, account.avatarURL])
        }
        for product in products {
            try connection.execute(
                "INSERT INTO products (id, title) VALUES (?, ?)", [product.id, product.title])
        }
        for user in users {
            try connection.execute(
                "INSERT INTO users (username, full_name, avatar_url) VALUES (?, ?, ?)",
                [user.username, user.fullName, user.avatarURL])
        }
        for tweet in tweets {
            try connection.execute(
                "INSERT INTO tweets (id, username, content) VALUES (?, ?, ?)",
                [tweet.id, tweet.username, tweet.content])
        }
        for book in books {
            try connection.execute(
                "INSERT INTO books (id, title, author, year) VALUES (?, ?, ?, ?)",
                [book.id, book.title, book.author, book.year])
        }
    }

    private struct Author {
        let username: String
        let fullName: String
        let tweetCount: Int
        let subjects: [String]
    }

    private static let authors: [Author] = [
        Author(username: "ada", fullName: "Ada Lovelace", tweetCount: 30, subjects: [
            "the Analytical Engine", "Bernoulli numbers", "Note G", "punched cards",
            "poetical science", "Babbage's letters", "loops in the mill"]),
        Author(username: "alan", fullName: "Alan Turing", tweetCount: 25, subjects: [
            "the halting problem", "morphogenesis", "the imitation game", "the bombe",
            "computable numbers", "a chess program on paper"]),
        Author(username: "grace", fullName: "Grace Hopper", tweetCount: 28, subjects: [
            "COBOL", "a moth in relay 70", "what a nanosecond looks like", "the A-0 compiler",
            "the Mark I", "asking forgiveness, not permission"]),
        Author(username: "linus", fullName: "Linus Torvalds", tweetCount: 34, subjects: [
            "the scheduler", "git internals", "a patch series", "the merge window",
            "a regression report", "the page cache", "a 0.01 tarball"]),
        Author(username: "dennis", fullName: "Dennis Ritchie", tweetCount: 26, subjects: [
            "C pointers", "Unix pipes", "the PDP-11", "the K&R examples",
            "a tiny shell", "struct layouts"]),
        Author(username: "barbara", fullName: "Barbara Liskov", tweetCount: 40, subjects: [
            "substitution", "CLU iterators", "abstract data types", "Byzantine fault tolerance",
            "Argus transactions", "viewstamped replication", "data abstraction"]),
    ]
}
