"""Writes a market product RATE times a second for SECONDS, as a second instance or a `sprout`
command would: straight into the SQLite file, or with `DATABASE_URL` set, through `psql` into
PostgreSQL. Each write moves the market's read counter, so every kept page and detail must be
read again.

    python3 bench/market_writer.py DATA_DIR RATE SECONDS  → prints the writes made
"""
import os
import sqlite3
import subprocess
import sys
import time

WRITE = "UPDATE market_products SET stock = stock WHERE id = (SELECT MIN(id) FROM market_products)"


def main() -> None:
    data_dir, rate, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    if os.environ.get("DATABASE_URL"):
        # One psql session in autocommit: each line is its own transaction.
        session = subprocess.Popen(["psql", os.environ["DATABASE_URL"], "-qAt", "-v", "ON_ERROR_STOP=1"],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)

        def write() -> None:
            session.stdin.write(WRITE + ";\n")
            session.stdin.flush()
    else:
        db = sqlite3.connect(f"{data_dir}/sprout.sqlite", timeout=5)

        def write() -> None:
            db.execute(WRITE)
            db.commit()
    writes, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        write()
        writes += 1
        time.sleep(max(0.0, started + writes / rate - time.monotonic()))
    if os.environ.get("DATABASE_URL"):
        session.stdin.close()
        if session.wait() != 0:
            sys.exit("psql failed")
    print(writes)


if __name__ == "__main__":
    main()
