"""Prepares the nearby-search bench: one signed-up person, and N people waiting around Seoul.

The N waiting people are copied from a template row straight into the SQLite file (signing up
100,000 people through HTTP would take longer than the bench itself); the R*Tree index is kept
in step by the schema's own triggers, exactly as for people who queue through the API.

    python3 bench/study_setup.py BASE_URL DATA_DIR COUNT  → prints the bench person's idtoken
"""
from __future__ import annotations

import json
import random
import sqlite3
import sys
import urllib.request

SEOUL = (37.413, 37.701, 126.764, 127.184)  # south, north, west, east


def call(base: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(request) as response:
        return response.status, response.read()


def sign_in(base: str, phone: str) -> str:
    json_headers = {"Content-Type": "application/json"}
    _, body = call(base, "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=bench",
                   json.dumps({"phoneNumber": phone}).encode(), json_headers)
    session = json.loads(body)["sessionInfo"]
    _, listing = call(base, "GET", "/emulator/v1/projects/bench/verificationCodes")
    code = next(c["code"] for c in json.loads(listing)["verificationCodes"] if c["sessionInfo"] == session)
    _, body = call(base, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=bench",
                   json.dumps({"sessionInfo": session, "code": code}).encode(), json_headers)
    return json.loads(body)["idToken"]


def study(base: str, method: str, path: str, token: str, form: str = "") -> int:
    headers = {"idtoken": token, "Content-Type": "application/x-www-form-urlencoded"}
    status, _ = call(base, method, path, form.encode() if form else None, headers)
    return status


def main() -> None:
    base, data_dir, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    token = sign_in(base, "+821099990000")
    assert study(base, "POST", "/v1/user", token,
                 "phoneNumber=%2B821099990000&FCMtoken=bench&nick=bench&birth=1998-03-01T00%3A00%3A00.000Z"
                 "&email=bench%40example.com&gender=1") == 200
    assert study(base, "POST", "/v1/queue", token, "lat=37.5665&long=126.978&studylist=swift") == 200
    db = sqlite3.connect(f"{data_dir}/sprout.sqlite", timeout=30)
    template_uid = db.execute("SELECT uid FROM study_profiles").fetchone()[0]
    profile_columns = [row[1] for row in db.execute("PRAGMA table_info(study_profiles)")]
    copied = ", ".join(c for c in profile_columns if c not in ("uid", "object_id", "nick", "gender"))
    studylists = ['["swift"]', '["ios","swift"]', '["알고리즘"]', '["anything"]', '["토익","영어회화"]']
    queued_at = db.execute("SELECT queued_at FROM study_queue WHERE uid = ?", (template_uid,)).fetchone()[0]
    random.seed(1210)
    with db:
        for index in range(count):
            uid = f"bench{index:07d}"
            db.execute(
                f"INSERT INTO study_profiles (uid, object_id, nick, gender, {copied}) "
                f"SELECT ?, ?, ?, ?, {copied} FROM study_profiles WHERE uid = ?",
                (uid, f"{index:024x}", f"새싹{index}", index % 2, template_uid),
            )
            db.execute(
                "INSERT INTO study_queue (uid, lat, long, studylist, queued_at) VALUES (?, ?, ?, ?, ?)",
                (uid, random.uniform(SEOUL[0], SEOUL[1]), random.uniform(SEOUL[2], SEOUL[3]),
                 studylists[index % len(studylists)], queued_at),
            )
    db.close()
    print(token)


if __name__ == "__main__":
    main()
