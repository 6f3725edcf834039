"""Writes a market product RATE times a second for SECONDS, as a second instance or a `sprout`
command would: straight into the SQLite file. Each write moves the market's read counter, so
every kept page and detail must be read again.

    python3 bench/market_writer.py DATA_DIR RATE SECONDS  → prints the writes made
"""
import sqlite3
import sys
import time


def main() -> None:
    data_dir, rate, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    db = sqlite3.connect(f"{data_dir}/sprout.sqlite", timeout=5)
    writes, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        db.execute("UPDATE market_products SET stock = stock WHERE id = (SELECT MIN(id) FROM market_products)")
        db.commit()
        writes += 1
        time.sleep(max(0.0, started + writes / rate - time.monotonic()))
    print(writes)


if __name__ == "__main__":
    main()
