"""A client of the SeSAC Study contract (shared/specs/study-api.md) that signs in by phone through
Sprout's Firebase-emulator REST endpoints and then talks to `/v1/user` and `/v1/queue` exactly as
the published iOS clients do:

* the raw ID token in an `idtoken` header (no `Bearer`, no `Authorization`);
* bodies `application/x-www-form-urlencoded; charset=utf-8`, built here byte for byte the way
  Alamofire's `URLEncoding(arrayEncoding: .noBrackets)` builds them: keys in the order the client
  wrote them, arrays as repeated keys without brackets, numbers as decimal strings, and every
  character outside `A-Za-z0-9-._~/?` percent-encoded as UTF-8 (so `+`, `:` and spaces are escaped);
* GET and DELETE without a body, optionally with the empty query `?=` some clients produce;
* `birth` in each format a client sends: `…SSS'Z'`, a `+0900` offset, or Swift's `Date` description.

Answers are decoded with the types the clients' Codable models declare (`expect_user`, …): a key
that is missing, `null`, or of another JSON type fails the decode just as it fails on the phone.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import json
import math
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

import requests

API_KEY = "AIzaSyFakeKeyForTheEmulator"
FORM_TYPE = "application/x-www-form-urlencoded; charset=utf-8"
KST = timezone(timedelta(hours=9))

# A token the helper sends unless told otherwise; None sends no header at all.
OWN_TOKEN = object()

# ---------------------------------------------------------------------------------------------
# Forms, byte for byte


def escape(value) -> str:
    """Alamofire's `URLEncoding.escape`: RFC 3986 query characters minus `:#[]@!$&'()*+,;=`."""
    return quote(value if isinstance(value, str) else number(value), safe="/?")


def number(value) -> str:
    """A Swift number as `String(describing:)` writes it (and Alamofire after it): `1`, `37.51`."""
    if isinstance(value, bool):
        raise TypeError("clients send 0/1, not booleans")
    if isinstance(value, float):
        return repr(value)
    return str(value)


def form(*pairs: tuple[str, object]) -> str:
    """`k=v&k=v` in the given order; a list value is repeated without brackets."""
    parts: list[str] = []
    for key, value in pairs:
        values = value if isinstance(value, (list, tuple)) else [value]
        parts += [f"{escape(key)}={escape(item)}" for item in values]
    return "&".join(parts)


# ---------------------------------------------------------------------------------------------
# Birth dates as the clients write them


def birth_iso_z(instant: datetime) -> str:
    """`yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC (Glsme, WooseokJ; the common format)."""
    utc = instant.astimezone(timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def birth_offset(instant: datetime) -> str:
    """`yyyy-MM-dd'T'HH:mm:ss.SSSZ` on a phone in Seoul: `…+0900` (MoSonLee, 1st cohort)."""
    local = instant.astimezone(KST)
    return local.strftime("%Y-%m-%dT%H:%M:%S.") + f"{local.microsecond // 1000:03d}+0900"


def birth_swift_description(instant: datetime) -> str:
    """Swift's `Date.description`: `2000-01-01 00:00:00 +0000` (EunJi01, sunnyou22)."""
    return instant.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S +0000")


def iso_z(instant: datetime) -> str:
    """What the server answers for a date: UTC, milliseconds, `Z`."""
    return birth_iso_z(instant)


# ---------------------------------------------------------------------------------------------
# Client variants


@dataclass(frozen=True)
class Variant:
    """How one published client writes its requests (spec §1, §6 and "Disagreements")."""
    name: str
    birth: object  # one of the birth_* functions
    reputation_length: int = 6
    empty_query: bool = False  # GET/DELETE go out as `path?=`
    accept: str | None = None  # an extra `accept` header
    content_type: str = FORM_TYPE
    # What the client does when studyrequest answers 201 ("they asked me first").
    on_request_201: str = "accept"  # "accept" | "request_again" | "nothing"


GLSME = Variant("Glsme", birth_iso_z, accept="application/json")
WOOSEOKJ = Variant("WooseokJ", birth_iso_z, empty_query=True)
EUNJI01 = Variant("EunJi01", birth_swift_description, accept="*/*")
SUNNYOU22 = Variant("sunnyou22", birth_swift_description, reputation_length=9, on_request_201="nothing")
MOSONLEE = Variant("MoSonLee", birth_offset, content_type="application/x-www-form-urlencoded",
                   on_request_201="request_again")
VARIANTS = [GLSME, WOOSEOKJ, EUNJI01, SUNNYOU22, MOSONLEE]

# ---------------------------------------------------------------------------------------------
# Phone sign-in (Firebase Auth emulator REST, as the iOS SDK calls it)

_phones = itertools.count(random.randrange(10_000_000))


def unique_phone() -> str:
    """`+8210XXXXXXXX`, different for every call in this process."""
    return f"+8210{(next(_phones) * 7919 + random.randrange(7919)) % 100_000_000:08d}"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt_claims(token: str) -> dict:
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def forge_id_token(secret: str, claims: dict, kid: str = "sprout-phone-1") -> str:
    """An ID token signed the way Sprout signs them (HS256 with a key derived from the server's
    token secret): lets a test make a token that is expired, or names another project."""
    key = hmac.new(secret.encode(), b"firebase-id-token", hashlib.sha256).digest()
    header = _b64(json.dumps({"alg": "HS256", "typ": "JWT", "kid": kid}, separators=(",", ":")).encode())
    payload = _b64(json.dumps(claims, separators=(",", ":")).encode())
    signature = hmac.new(key, f"{header}.{payload}".encode(), hashlib.sha256).digest()
    return f"{header}.{payload}.{_b64(signature)}"


def seal_uid(secret: str, account_id: str) -> str:
    """The uid an account's own sign-in hands out (Sprout's `PhoneUIDs`): the account id and 24 hex
    characters of HMAC-SHA256 under a key derived from the server's token secret. Lets a test forge
    an ID token for an account no one signed in to."""
    key = hmac.new(secret.encode(), b"phone-uid", hashlib.sha256).digest()
    return account_id + hmac.new(key, account_id.encode(), hashlib.sha256).hexdigest()[:24]


def id_token_claims(project: str, uid: str, phone: str, *, issued: int | None = None, lifetime: int = 3600) -> dict:
    issued = int(time.time()) if issued is None else issued
    return {"iss": f"https://securetoken.google.com/{project}", "aud": project, "sub": uid, "user_id": uid,
            "iat": issued, "exp": issued + lifetime, "auth_time": issued, "phone_number": phone,
            "firebase": {"identities": {"phone": [phone]}, "sign_in_provider": "phone"}}


def phone_sign_in(base_url: str, phone: str) -> dict:
    """sendVerificationCode → the emulator's code listing → signInWithPhoneNumber."""
    headers = {"Content-Type": "application/json", "X-Client-Version": "iOS/FirebaseSDK/10.18.0/FirebaseCore-iOS"}
    toolkit = f"{base_url}/identitytoolkit.googleapis.com/v1"
    sent = requests.post(f"{toolkit}/accounts:sendVerificationCode?key={API_KEY}", headers=headers,
                         data=json.dumps({"phoneNumber": phone}), timeout=15)
    assert sent.status_code == 200, sent.text
    session_info = sent.json()["sessionInfo"]
    listing = requests.get(f"{base_url}/emulator/v1/projects/sesac-study-app/verificationCodes", timeout=15)
    assert listing.status_code == 200, listing.text
    code = next(entry["code"] for entry in listing.json()["verificationCodes"] if entry["sessionInfo"] == session_info)
    signed_in = requests.post(f"{toolkit}/accounts:signInWithPhoneNumber?key={API_KEY}", headers=headers,
                              data=json.dumps({"sessionInfo": session_info, "code": code}), timeout=15)
    assert signed_in.status_code == 200, signed_in.text
    return signed_in.json()


# ---------------------------------------------------------------------------------------------
# The client


@dataclass
class StudyClient:
    base_url: str
    variant: Variant = GLSME
    token: str | None = None
    uid: str = ""
    phone: str = ""
    nick: str = ""
    refresh_token: str = ""
    history: list = field(default_factory=list)

    @classmethod
    def signed_in(cls, base_url: str, variant: Variant = GLSME, phone: str | None = None) -> "StudyClient":
        phone = phone or unique_phone()
        body = phone_sign_in(base_url, phone)
        return cls(base_url, variant, body["idToken"], body["localId"], body["phoneNumber"],
                   refresh_token=body["refreshToken"])

    @property
    def shown_uid(self) -> str:
        """What everyone else is shown me by: my own uid, as sign-in gave it, without its 24-character
        seal (Sprout's `PhoneUIDs`)."""
        return self.uid[:-24]

    def refresh(self) -> str:
        """`getIDTokenForcingRefresh(true)`: a new ID token from the refresh token."""
        answer = requests.post(f"{self.base_url}/securetoken.googleapis.com/v1/token?key={API_KEY}", timeout=15,
                               headers={"Content-Type": "application/json"},
                               data=json.dumps({"grantType": "refresh_token", "refreshToken": self.refresh_token}))
        assert answer.status_code == 200, answer.text
        self.token = answer.json()["id_token"]
        return self.token

    # -- raw requests ----------------------------------------------------------------------

    def send(self, method: str, path: str, body: str | bytes | None = None, *, token=OWN_TOKEN,
             content_type: str | None = None, query: str | None = None, headers: dict | None = None) -> requests.Response:
        """One request with the variant's headers. `body` goes out exactly as given."""
        all_headers = {}
        token = self.token if token is OWN_TOKEN else token
        if token is not None:
            all_headers["idtoken"] = token
        if self.variant.accept:
            all_headers["accept"] = self.variant.accept
        if body is not None:
            all_headers["Content-Type"] = content_type or self.variant.content_type
            body = body.encode() if isinstance(body, str) else body
        all_headers.update(headers or {})
        url = self.base_url + path
        if query is not None:
            url += "?" + query
        elif method in ("GET", "DELETE") and self.variant.empty_query:
            url += "?="
        response = requests.request(method, url, data=body, headers=all_headers, timeout=30)
        self.history.append((method, path, response.status_code))
        return response

    # -- §2 user -----------------------------------------------------------------------------

    def get_user(self, **kwargs) -> requests.Response:
        return self.send("GET", "/v1/user", **kwargs)

    def signup_form(self, *, nick: str, birth: datetime | str, email: str | None = None, gender: int = 0,
                    fcm: str = "fcm-registration-token", phone: str | None = None) -> str:
        birth_text = birth if isinstance(birth, str) else self.variant.birth(birth)
        return form(("phoneNumber", phone or self.phone), ("FCMtoken", fcm), ("nick", nick), ("birth", birth_text),
                    ("email", email or f"u{self.uid[:8].lower()}@example.com"), ("gender", gender))

    def sign_up(self, nick: str = "새싹이", birth: datetime | str | None = None, **kwargs) -> requests.Response:
        birth = birth if birth is not None else datetime(1998, 3, 1, tzinfo=timezone.utc)
        response = self.send("POST", "/v1/user", self.signup_form(nick=nick, birth=birth, **kwargs))
        if response.status_code == 200:
            self.nick = nick
        return response

    def withdraw(self, **kwargs) -> requests.Response:
        return self.send("POST", "/v1/user/withdraw", **kwargs)

    def mypage(self, searchable=1, ageMin=18, ageMax=65, gender=0, study="", **kwargs) -> requests.Response:
        return self.send("PUT", "/v1/user/mypage", form(("searchable", searchable), ("ageMin", ageMin),
                                                        ("ageMax", ageMax), ("gender", gender), ("study", study)), **kwargs)

    def update_fcm_token(self, token: str, **kwargs) -> requests.Response:
        return self.send("PUT", "/v1/user/update_fcm_token", form(("FCMtoken", token)), **kwargs)

    def report(self, other: str, reasons=(1, 0, 0, 0, 0, 0), comment: str = "", **kwargs) -> requests.Response:
        return self.send("POST", "/v1/user/report", form(("otheruid", other), ("reportedReputation", list(reasons)),
                                                         ("comment", comment)), **kwargs)

    # -- §3 queue ----------------------------------------------------------------------------

    def enter_queue(self, lat, long, studylist=("anything",), **kwargs) -> requests.Response:
        return self.send("POST", "/v1/queue", form(("lat", lat), ("long", long), ("studylist", list(studylist))), **kwargs)

    def stop_queue(self, **kwargs) -> requests.Response:
        return self.send("DELETE", "/v1/queue", **kwargs)

    def search(self, lat, long, **kwargs) -> requests.Response:
        return self.send("POST", "/v1/queue/search", form(("lat", lat), ("long", long)), **kwargs)

    def state(self, **kwargs) -> requests.Response:
        return self.send("GET", "/v1/queue/myQueueState", **kwargs)

    def study_request(self, other: str, **kwargs) -> requests.Response:
        return self.send("POST", "/v1/queue/studyrequest", form(("otheruid", other)), **kwargs)

    def study_accept(self, other: str, **kwargs) -> requests.Response:
        return self.send("POST", "/v1/queue/studyaccept", form(("otheruid", other)), **kwargs)

    def dodge(self, other: str, **kwargs) -> requests.Response:
        return self.send("POST", "/v1/queue/dodge", form(("otheruid", other)), **kwargs)

    def rate(self, other: str, reputation=None, comment: str = "", **kwargs) -> requests.Response:
        reputation = list(reputation) if reputation is not None else [1] + [0] * (self.variant.reputation_length - 1)
        return self.send("POST", f"/v1/queue/rate/{quote(other, safe='')}",
                         form(("otheruid", other), ("reputation", reputation), ("comment", comment)), **kwargs)

    def request_like_the_client(self, other: str) -> list[int]:
        """The "요청하기" button: studyrequest, then what this client does with a 201."""
        codes = [self.study_request(other).status_code]
        if codes[0] == 201 and self.variant.on_request_201 == "accept":
            codes.append(self.study_accept(other).status_code)
        elif codes[0] == 201 and self.variant.on_request_201 == "request_again":
            codes.append(self.study_request(other).status_code)
        return codes


# ---------------------------------------------------------------------------------------------
# Typed decoders: what the clients' Codable models accept


def is_int(value) -> bool:
    return type(value) is int


def is_double(value) -> bool:
    """Swift's `Double` decodes any JSON number (not a bool, not a string)."""
    return type(value) in (int, float) and math.isfinite(value)


def is_str_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def is_int_list(value) -> bool:
    return isinstance(value, list) and all(is_int(item) for item in value)


ISO_Z = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"

USER_TYPES = {
    "_id": str, "__v": int, "uid": str, "phoneNumber": str, "email": str, "FCMtoken": str, "nick": str,
    "birth": "date", "gender": int, "study": str, "comment": [str], "reputation": [int], "sesac": int,
    "sesacCollection": [int], "background": int, "backgroundCollection": [int], "purchaseToken": [str],
    "transactionId": [str], "reviewedBefore": [str], "reportedNum": int, "reportedUser": [str],
    "dodgepenalty": int, "dodgeNum": int, "ageMin": int, "ageMax": int, "searchable": int, "createdAt": "date",
}
QUEUE_USER_TYPES = {
    "uid": str, "nick": str, "lat": float, "long": float, "reputation": [int], "studylist": [str],
    "reviews": [str], "gender": int, "type": int, "sesac": int, "background": int,
}
STATE_TYPES = {"dodged": int, "matched": int, "reviewed": int, "matchedNick": str, "matchedUid": str}
SIGNUP_TYPES = {"phoneNumber": str, "FCMtoken": str, "nick": str, "birth": str, "email": str, "gender": int}


def _check(obj, types: dict, what: str, exact: bool) -> None:
    import re
    assert isinstance(obj, dict), f"{what}: not an object: {obj!r}"
    missing = set(types) - set(obj)
    assert not missing, f"{what}: missing {sorted(missing)} in {obj!r}"
    if exact:
        assert set(obj) == set(types), f"{what}: extra keys {sorted(set(obj) - set(types))}"
    for key, kind in types.items():
        value = obj[key]
        ok = {str: lambda v: isinstance(v, str), int: is_int, float: is_double,
              "date": lambda v: isinstance(v, str) and re.match(ISO_Z, v) is not None,
              }.get(kind) if not isinstance(kind, list) else (is_str_list if kind == [str] else is_int_list)
        assert ok(value), f"{what}.{key} = {value!r} does not decode as {kind}"


def expect_json(response: requests.Response):
    assert response.headers.get("Content-Type", "").startswith("application/json"), \
        f"{response.status_code} {response.headers.get('Content-Type')}: {response.text[:200]}"
    return response.json()


def expect_user(response: requests.Response) -> dict:
    """GET /v1/user: 200 and the 27-key User JSON with exact JSON types."""
    assert response.status_code == 200, f"{response.status_code}: {response.text[:300]}"
    user = expect_json(response)
    _check(user, USER_TYPES, "user", exact=True)
    assert len(user["reputation"]) >= 6, user["reputation"]
    assert 0 in user["sesacCollection"] and 0 in user["backgroundCollection"], user
    return user


def expect_signup_body(response: requests.Response) -> dict:
    """The signup 200 body as a client that decodes it reads it (the signup fields)."""
    assert response.status_code == 200, f"{response.status_code}: {response.text[:300]}"
    body = expect_json(response)
    _check(body, SIGNUP_TYPES, "signup", exact=False)
    return body


def expect_state(response: requests.Response) -> dict:
    """GET myQueueState 200, decoded as MoSonLee's non-optional model (the strictest)."""
    assert response.status_code == 200, f"{response.status_code}: {response.text[:300]}"
    state = expect_json(response)
    _check(state, STATE_TYPES, "state", exact=False)
    assert state["matched"] in (0, 1) and state["dodged"] in (0, 1) and state["reviewed"] in (0, 1), state
    if state["matched"] == 0:
        assert state["matchedNick"] == "" and state["matchedUid"] == "", state
    return state


def decodes_as_state(response: requests.Response) -> bool:
    try:
        body = json.loads(response.content)
        _check(body, STATE_TYPES, "state", exact=False)
        return True
    except (ValueError, AssertionError):
        return False


def expect_search(response: requests.Response) -> dict:
    assert response.status_code == 200, f"{response.status_code}: {response.text[:300]}"
    result = expect_json(response)
    assert set(result) >= {"fromQueueDB", "fromQueueDBRequested", "fromRecommend"}, result
    for key in ("fromQueueDB", "fromQueueDBRequested"):
        assert isinstance(result[key], list), result
        for item in result[key]:
            _check(item, QUEUE_USER_TYPES, key, exact=False)
            assert len(item["reputation"]) >= 6
    assert is_str_list(result["fromRecommend"]), result
    return result


def expect_action(response: requests.Response, status: int) -> str:
    """An action endpoint's answer: the status, and a non-empty body the client reads as a string."""
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.text[:300]}"
    assert response.content, f"{response.request.method} {response.request.path_url} answered an empty body"
    return response.text


# ---------------------------------------------------------------------------------------------
# Geometry for radius tests

EARTH_RADIUS = 6_371_008.8


def distance(lat1, long1, lat2, long2) -> float:
    φ1, φ2 = math.radians(lat1), math.radians(lat2)
    dφ, dλ = φ2 - φ1, math.radians(long2 - long1)
    a = math.sin(dφ / 2) ** 2 + math.cos(φ1) * math.cos(φ2) * math.sin(dλ / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1, math.sqrt(a)))


def destination(lat, long, metres, bearing_degrees) -> tuple[float, float]:
    """The point `metres` away along a great circle; longitudes wrapped into [-180, 180]."""
    δ, θ = metres / EARTH_RADIUS, math.radians(bearing_degrees)
    φ1, λ1 = math.radians(lat), math.radians(long)
    φ2 = math.asin(math.sin(φ1) * math.cos(δ) + math.cos(φ1) * math.sin(δ) * math.cos(θ))
    λ2 = λ1 + math.atan2(math.sin(θ) * math.sin(δ) * math.cos(φ1), math.cos(δ) - math.sin(φ1) * math.sin(φ2))
    long2 = (math.degrees(λ2) + 540) % 360 - 180
    return round(math.degrees(φ2), 9), round(long2, 9)
