"""The demo's model store (bindery.sqlite in binderyd's state directory), grown for the long-list
tests and benchmarks, written once."""
import sqlite3


def add_products(store, rows):
    """Adds products to the store at `store` until it holds at least `rows` (titles "Bulk N").
    The daemon lists them on its next products.refresh / loadMore."""
    with sqlite3.connect(store, timeout=10) as db:
        have = db.execute("SELECT COUNT(*) FROM products").fetchone()[0]
        first = db.execute("SELECT COALESCE(MAX(id), 0) FROM products").fetchone()[0] + 1
        db.executemany("INSERT INTO products (id, title) VALUES (?, ?)",
                       [(first + i, f"Bulk {first + i}") for i in range(max(0, rows - have))])
