"""Prepares the 내 동네 bench (issue 46) and shows how the database answers its query.

    python3 bench/market_nearby_setup.py setup BASE_URL DATA_DIR COUNT   → prints the reader's access token
    python3 bench/market_nearby_setup.py plan DATA_DIR RANGE [TERM]      → the nearby query's plan and time

setup: one account joins and becomes a vendor through the API and lists one template product
while it has no 동네 (so the template itself has no place and is in no nearby list). The template
is then copied COUNT times straight into the database (listing 100,000 products through HTTP would
take longer than the bench itself), each copy in a random 동 of Seoul from the place list (its
code and centre, as a listing carries its seller's 동), listed and bumped at a random moment of the
last 30 days, with one of ten item names, and with the template's photo. On SQLite the R*Tree
is kept in step by the schema's own triggers, exactly as for products listed through the API; on
PostgreSQL (DATABASE_URL set, through `psql`) the GiST index is maintained by the insert, and the
tables are analysed as autovacuum would within the minute. Last, the account chooses 망원제1동 as
its 동네 (`PUT /api/market/neighbourhoods`).

plan: the query `NearbyProducts.page` sends for the reader's first page (its SQL copied from
Sources/Market/Rules/NearbyProducts.swift, the 동 within RANGE worked out from the place list as
`Neighbourhoods.around` does), with `EXPLAIN QUERY PLAN` on SQLite (by the `SQLITE_PLAN` helper,
bench/sqlite_plan.c linked against Sprout's own SQLite, when the script could build it; else
Python's sqlite3, whose version is named) or `EXPLAIN (ANALYZE, BUFFERS)` on PostgreSQL.
"""
from __future__ import annotations

import csv
import math
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "Tests"))

PLACES = REPO / "Sources/Platform/Places/Data/places.csv"
MANGWON_1 = "1144069000"  # 서울 마포구 망원제1동
RADII = {"near": 3_000.0, "farther": 6_000.0, "farthest": 12_000.0}  # Market.NeighbourhoodRange.radius
EARTH_RADIUS = 6_371_008.8  # GeoPoint.earthRadius
PAGE = 20  # NearbyProducts.defaultLimit
MONTH = 30 * 86_400
PASSWORD = "bench-password-42"
# A tenth of the products carry each name, so a search for one word of a name matches about a tenth.
NAMES = ["원목 의자", "삼천리 자전거", "아이폰 13 미니", "전기포트", "유아 카시트",
         "캠핑 의자", "닌텐도 스위치", "겨울 패딩", "책상 스탠드", "러닝화 270"]


def dongs() -> list[dict]:
    """Every 읍·면·동 of the place list (its 시/군/구 rows have no 동)."""
    with PLACES.open(encoding="utf-8") as file:
        return [{"code": row["code"], "province": row["province"], "lat": float(row["latitude"]), "long": float(row["longitude"])}
                for row in csv.DictReader(file) if row["dong"]]


def metres(a: dict, b: dict) -> float:
    """GeoPoint.distance: haversine on the mean radius."""
    φ1, φ2 = math.radians(a["lat"]), math.radians(b["lat"])
    Δφ, Δλ = φ2 - φ1, math.radians(b["long"] - a["long"])
    h = math.sin(Δφ / 2) ** 2 + math.cos(φ1) * math.cos(φ2) * math.sin(Δλ / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def box(centre: dict, radius: float) -> tuple[float, float, float, float]:
    """GeoBox.covering for a circle in Korea (one box): min lat, max lat, min long, max long."""
    angular = radius / EARTH_RADIUS
    lat_span = math.degrees(angular)
    long_span = math.degrees(math.asin(math.sin(angular) / math.cos(math.radians(centre["lat"]))))
    return centre["lat"] - lat_span, centre["lat"] + lat_span, centre["long"] - long_span, centre["long"] + long_span


# --- the database, whichever it is -------------------------------------------------------------

def psql(sql: str | None = None, script: Path | None = None) -> str:
    source = ["-f", str(script)] if script else ["-c", sql or ""]
    done = subprocess.run(["psql", os.environ["DATABASE_URL"], "-v", "ON_ERROR_STOP=1", "-qAt", *source],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"psql: {done.stderr.strip()}")
    return done.stdout


def columns(table: str, data_dir: str) -> list[str]:
    if os.environ.get("DATABASE_URL"):
        return psql(f"SELECT column_name FROM information_schema.columns WHERE table_name = '{table}' "
                    "ORDER BY ordinal_position").split()
    with sqlite3.connect(f"{data_dir}/sprout.sqlite", timeout=30) as db:
        return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def copy_statements(template: int, product_columns: list[str], image_columns: list[str], postgres: bool) -> list[str]:
    """INSERT … SELECT from `bench_seed` (one row a copy) and the template: the seed's name, 동 and
    age; the template's everything else. The copies' cover is their first photo (the template's
    chosen one is the template's own row)."""
    listed = "t.bumped_at - make_interval(secs => s.age)" if postgres else "t.bumped_at - s.age"
    chosen = {"name": "s.name", "search_text": "s.search_text", "delete_token": "t.delete_token || '-' || s.n",
              "thumbnail_image_id": "NULL", "dong_code": "s.dong_code", "lat": "s.lat", "long": "s.long",
              "created_at": listed, "issued_at": listed, "bumped_at": listed}
    kept = [c for c in product_columns if c != "id"]
    photo = [c for c in image_columns if c not in ("id", "product_id")]
    return [
        f"INSERT INTO market_products ({names(kept)}) SELECT {', '.join(chosen.get(c, 't.' + quoted(c)) for c in kept)} "
        f"FROM bench_seed s CROSS JOIN market_products t WHERE t.id = {template} ORDER BY s.n",
        f"INSERT INTO market_product_images (product_id, {names(photo)}) SELECT p.id, {names(photo, 'i.')} "
        f"FROM market_products p JOIN market_product_images i ON i.product_id = {template} WHERE p.id <> {template}",
    ]


def quoted(column: str) -> str:
    return f'"{column}"'


def names(columns: list[str], prefix: str = "") -> str:
    return ", ".join(prefix + quoted(c) for c in columns)


def seed_rows(count: int) -> list[tuple]:
    seoul = [d for d in dongs() if d["province"] == "서울특별시"]
    random.seed(4646)
    rows = []
    for n in range(count):
        dong, name = random.choice(seoul), NAMES[n % len(NAMES)]
        rows.append((n, name, f"{name}\nlightly used, no scratches.".lower(), dong["code"], dong["lat"], dong["long"],
                     random.uniform(0, MONTH)))
    return rows


SEED_TABLE = ("CREATE TEMP TABLE bench_seed (n integer, name text, search_text text, dong_code text, "
              "lat double precision, long double precision, age double precision)")


def copy_template(template: int, count: int, data_dir: str) -> None:
    rows = seed_rows(count)
    statements = copy_statements(template, columns("market_products", data_dir), columns("market_product_images", data_dir),
                                 bool(os.environ.get("DATABASE_URL")))
    if os.environ.get("DATABASE_URL"):
        with tempfile.TemporaryDirectory() as scratch:
            seed = Path(scratch) / "seed.csv"
            with seed.open("w", encoding="utf-8", newline="") as file:
                csv.writer(file).writerows(rows)
            script = Path(scratch) / "copy.sql"
            script.write_text(f"{SEED_TABLE};\n\\copy bench_seed FROM '{seed}' WITH (FORMAT csv)\n"
                              + "".join(f"{s};\n" for s in statements)
                              + "ANALYZE market_products;\nANALYZE market_product_images;\n", encoding="utf-8")
            psql(script=script)
        return
    db = sqlite3.connect(f"{data_dir}/sprout.sqlite", timeout=30)
    with db:
        db.execute(SEED_TABLE)
        db.executemany("INSERT INTO bench_seed VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        for statement in statements:
            db.execute(statement)
    db.close()


# --- setup ---------------------------------------------------------------------------------------

def setup(base: str, data_dir: str, count: int) -> None:
    from pyhelpers.market_api import MarketAPI, Vendor

    market = MarketAPI(base)
    joined = market.join("nearby@bench.example", PASSWORD, "동네 사람")
    assert joined.status_code == 200, joined.text[:300]
    token = joined.json()["accessToken"]
    became = market.become_vendor(token, "망원 리빙")
    assert became.status_code == 200, became.text[:300]
    body = became.json()
    vendor = Vendor(body["vendor_id"], body["name"], body["identifier"], body["secret"], token, "nearby@bench.example", PASSWORD)
    template = market.create_product(vendor, name=NAMES[0], description="Lightly used, no scratches.", price=30000.0,
                                     discounted_price=0.0, stock=1)["id"]
    copy_template(template, count, data_dir)
    chosen = market.http.put(base + "/api/market/neighbourhoods", headers={"Authorization": f"Bearer {token}"},
                             json={"codes": [MANGWON_1]}, timeout=30)
    assert chosen.status_code == 200, chosen.text[:300]
    print(token)


# --- plan ----------------------------------------------------------------------------------------

SELECTED = """SELECT p.id, p.vendor_id, v.name AS vendor_name, p.name, p.description, p.currency, p.price, p.discounted_price, p.stock,
       p.thumbnail_image_id, p.created_at, p.issued_at, p.dong_code, p.bumped_at, p.sale_state
FROM market_products p JOIN market_vendors v ON v.id = p.vendor_id"""


def plan(data_dir: str, range_name: str, term: str) -> None:
    places = dongs()
    centre = next(d for d in places if d["code"] == MANGWON_1)
    radius = RADII[range_name]
    reach = [d["code"] for d in places if metres(centre, d) <= radius]
    min_lat, max_lat, min_long, max_long = box(centre, radius)
    term = term.strip().lower()
    print(f"{range_name} ({radius / 1000:g} km around 망원제1동): {len(reach)} 동"
          + (f", search {term!r}" if term else ""))
    if os.environ.get("DATABASE_URL"):
        codes = ", ".join(f"'{code}'" for code in reach)
        search = f" AND strpos(\"search_text\", '{term}') > 0" if term else ""
        sql = (f"{SELECTED}\nWHERE p.lat IS NOT NULL AND p.long IS NOT NULL AND (point(p.long, p.lat) <@ "
               f"box(point({min_long}::float8, {min_lat}::float8), point({max_long}::float8, {max_lat}::float8)))"
               f" AND p.dong_code IN ({codes}) AND p.hidden = false{search}\n"
               f"ORDER BY p.bumped_at DESC, p.id DESC\nLIMIT {PAGE + 1}")
        psql(f"EXPLAIN (ANALYZE) {sql}")  # once to warm the buffers, as the server's runs are
        shown = psql(f"EXPLAIN (ANALYZE, BUFFERS) {sql}").rstrip()
        # The 동 codes, spelled out, would be a few hundred digits of every filter line.
        print(re.sub(r"'\{[0-9,]+\}'::text\[\]", f"'{{{len(reach)} 동 codes}}'::text[]", shown))
        return
    search = ' AND instr("search_text", ?) > 0' if term else ""
    sql = (f"{SELECTED}\nWHERE p.id IN (SELECT r.id FROM market_products_rtree r WHERE "
           "(r.max_lat >= ? AND r.min_lat <= ? AND r.max_long >= ? AND r.min_long <= ?))"
           f" AND p.dong_code IN ({', '.join('?' * len(reach))}) AND p.hidden = ?{search}\n"
           "ORDER BY p.bumped_at DESC, p.id DESC\nLIMIT ?")
    params = [min_lat, max_lat, min_long, max_long, *reach, 0, *([term] if term else []), PAGE + 1]
    helper = os.environ.get("SQLITE_PLAN")
    if helper:
        typed = [f"r:{p!r}" if isinstance(p, float) else f"i:{p}" if isinstance(p, int) else f"t:{p}" for p in params]
        sys.stdout.flush()
        subprocess.run([helper, f"{data_dir}/sprout.sqlite", "20", sql, *typed], check=True)
        return
    db = sqlite3.connect(f"file:{data_dir}/sprout.sqlite?mode=ro", uri=True, timeout=30)
    print(f"QUERY PLAN (Python's SQLite {sqlite3.sqlite_version}, not the one Sprout links)")
    for _, _, _, detail in db.execute(f"EXPLAIN QUERY PLAN {sql}", params):
        print(f"`--{detail}")
    db.close()


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "setup" and len(sys.argv) == 5:
        setup(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "plan" and len(sys.argv) in (4, 5):
        plan(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) == 5 else "")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
