"""SeSAC Study's phone sign-in as the Firebase iOS SDK performs it against the Auth emulator
(`Auth.auth().useEmulator(withHost:port:)`): the real API host as the first path segment, JSON
bodies, `?key=` and `X-Client-Version`; the code read from the emulator's listing."""
from __future__ import annotations

import base64
import json
import time

import pytest
import requests

API_KEY = "AIzaSyFakeKeyForTheEmulator"
IOS_HEADERS = {"X-Client-Version": "iOS/FirebaseSDK/10.18.0/FirebaseCore-iOS",
               "X-Ios-Bundle-Identifier": "com.sesac.study", "Content-Type": "application/json"}


def toolkit(server, method: str) -> str:
    return f"{server.base_url}/identitytoolkit.googleapis.com/v1/{method}?key={API_KEY}"


def secure_token(server) -> str:
    return f"{server.base_url}/securetoken.googleapis.com/v1/token?key={API_KEY}"


def post(url: str, body: dict) -> requests.Response:
    return requests.post(url, data=json.dumps(body), headers=IOS_HEADERS, timeout=15)


def jwt_part(token: str, index: int) -> dict:
    part = token.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def expect_firebase_error(response: requests.Response, status: int, message: str) -> None:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == status and error["message"] == message, response.text
    assert error["errors"] == [{"message": message, "reason": error["errors"][0]["reason"], "domain": "global"}]
    assert isinstance(error["status"], str)


def listed_code(server, session_info: str, project: str = "sesac-study-app") -> dict:
    listing = requests.get(f"{server.base_url}/emulator/v1/projects/{project}/verificationCodes", timeout=15)
    assert listing.status_code == 200, listing.text
    return next(entry for entry in listing.json()["verificationCodes"] if entry["sessionInfo"] == session_info)


def send_code(server, phone: str) -> str:
    sent = post(toolkit(server, "accounts:sendVerificationCode"), {"phoneNumber": phone})
    assert sent.status_code == 200, sent.text
    return sent.json()["sessionInfo"]


def test_phone_sign_in_as_the_ios_sdk_does_it(server):
    config = requests.get(toolkit(server, "projects"), headers=IOS_HEADERS, timeout=15)
    assert config.status_code == 200 and "projectId" in config.json(), config.text

    # verifyPhoneNumber("+82 10…"): the SDK passes the number as typed after the prefix.
    session_info = send_code(server, "+82 10-2345-6789")
    entry = listed_code(server, session_info)
    assert entry["phoneNumber"] == "+821023456789"
    assert len(entry["code"]) == 6 and entry["code"].isdigit()

    signed_in = post(toolkit(server, "accounts:signInWithPhoneNumber"), {"sessionInfo": session_info, "code": entry["code"]})
    assert signed_in.status_code == 200, signed_in.text
    body = signed_in.json()
    assert set(body) == {"idToken", "refreshToken", "expiresIn", "localId", "isNewUser", "phoneNumber"}
    assert body["expiresIn"] == "3600" and body["isNewUser"] is True and body["phoneNumber"] == "+821023456789"

    header, claims = jwt_part(body["idToken"], 0), jwt_part(body["idToken"], 1)
    assert header["alg"] == "HS256" and header["kid"]
    project = claims["aud"]
    assert claims["iss"] == f"https://securetoken.google.com/{project}"
    assert claims["sub"] == claims["user_id"] == body["localId"]
    assert claims["phone_number"] == "+821023456789"
    assert claims["firebase"] == {"identities": {"phone": ["+821023456789"]}, "sign_in_provider": "phone"}
    assert all(isinstance(claims[name], int) for name in ("iat", "exp", "auth_time"))
    assert claims["exp"] - claims["iat"] == 3600 and abs(claims["iat"] - time.time()) < 60

    lookup = post(toolkit(server, "accounts:lookup"), {"idToken": body["idToken"]})
    assert lookup.status_code == 200, lookup.text
    info = lookup.json()
    assert info["kind"] == "identitytoolkit#GetAccountInfoResponse"
    user = info["users"][0]
    assert user["localId"] == body["localId"] and user["phoneNumber"] == "+821023456789"
    assert user["createdAt"].isdigit() and user["lastLoginAt"].isdigit() and user["lastRefreshAt"].endswith("Z")
    assert user["providerUserInfo"] == [{"providerId": "phone", "rawId": "+821023456789", "phoneNumber": "+821023456789"}]

    # getIDTokenForcingRefresh(true): the iOS SDK's JSON in camelCase …
    refreshed = post(secure_token(server), {"grantType": "refresh_token", "refreshToken": body["refreshToken"]})
    assert refreshed.status_code == 200, refreshed.text
    tokens = refreshed.json()
    assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == "3600"
    assert tokens["refresh_token"] == body["refreshToken"] and tokens["user_id"] == body["localId"]
    assert tokens["project_id"] == project and tokens["access_token"] == tokens["id_token"]
    assert jwt_part(tokens["id_token"], 1)["sub"] == body["localId"]
    # … and the web SDK's form.
    form = requests.post(secure_token(server), timeout=15,
                         data={"grant_type": "refresh_token", "refresh_token": body["refreshToken"]})
    assert form.status_code == 200 and form.json()["user_id"] == body["localId"], form.text

    # Signing in again with the same number is the same account.
    again_session = send_code(server, "+821023456789")
    again = post(toolkit(server, "accounts:signInWithPhoneNumber"),
                 {"sessionInfo": again_session, "code": listed_code(server, again_session)["code"]})
    assert again.json()["localId"] == body["localId"] and again.json()["isNewUser"] is False


def test_refusals_are_googles_error_json(server):
    send = toolkit(server, "accounts:sendVerificationCode")
    expect_firebase_error(post(send, {}), 400, "MISSING_PHONE_NUMBER")
    expect_firebase_error(post(send, {"phoneNumber": "not a number"}), 400, "INVALID_PHONE_NUMBER")

    session_info = send_code(server, "+821034567890")
    code = listed_code(server, session_info)["code"]
    wrong = "000000" if code != "000000" else "111111"
    sign_in = toolkit(server, "accounts:signInWithPhoneNumber")
    expect_firebase_error(post(sign_in, {"sessionInfo": session_info}), 400, "MISSING_CODE")
    expect_firebase_error(post(sign_in, {"code": code}), 400, "MISSING_SESSION_INFO")
    expect_firebase_error(post(sign_in, {"sessionInfo": "forged", "code": code}), 400, "INVALID_SESSION_INFO")
    for _ in range(5):
        expect_firebase_error(post(sign_in, {"sessionInfo": session_info, "code": wrong}), 400, "INVALID_CODE")
    expect_firebase_error(post(sign_in, {"sessionInfo": session_info, "code": code}), 400, "SESSION_EXPIRED")

    expect_firebase_error(post(toolkit(server, "accounts:lookup"), {"idToken": "a.b.c"}), 400, "INVALID_ID_TOKEN")
    expect_firebase_error(post(secure_token(server), {"grantType": "refresh_token"}), 400, "MISSING_REFRESH_TOKEN")
    expect_firebase_error(post(secure_token(server), {"grantType": "refresh_token", "refreshToken": "forged"}), 400, "INVALID_REFRESH_TOKEN")
    expect_firebase_error(post(toolkit(server, "accounts:createAuthUri"), {}), 404, "NOT_FOUND")
    expect_firebase_error(requests.get(f"{server.base_url}/securetoken.googleapis.com/v1/nothing", timeout=15), 404, "NOT_FOUND")


def test_codes_per_number_are_limited(start_sprout):
    server = start_sprout({"SPROUT_SMS_LIMIT_PHONE": "2"})
    send = toolkit(server, "accounts:sendVerificationCode")
    for _ in range(2):
        assert post(send, {"phoneNumber": "+821045678901"}).status_code == 200
    refused = post(send, {"phoneNumber": "+821045678901"})
    expect_firebase_error(refused, 400, "TOO_MANY_ATTEMPTS_TRY_LATER")
    assert int(refused.headers["Retry-After"]) > 3000
    assert post(send, {"phoneNumber": "+821045678902"}).status_code == 200


def test_test_numbers_take_their_fixed_code(start_sprout):
    server = start_sprout({"SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456"})
    session_info = send_code(server, "+821011112222")
    signed_in = post(toolkit(server, "accounts:signInWithPhoneNumber"), {"sessionInfo": session_info, "code": "123456"})
    assert signed_in.status_code == 200, signed_in.text


@pytest.mark.parametrize("env", [{"SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": "AC1", "TWILIO_AUTH_TOKEN": "t",
                                  "TWILIO_FROM": "+15005550006", "TWILIO_BASE_URL": "http://127.0.0.1:9"}])
def test_the_code_listing_is_hidden_with_a_real_sms_provider(start_sprout, env):
    server = start_sprout(env)
    listing = requests.get(f"{server.base_url}/emulator/v1/projects/p/verificationCodes", timeout=15)
    expect_firebase_error(listing, 404, "NOT_FOUND")


def test_production_lists_no_codes_and_refuses_to_start_with_the_development_sender(tmp_path):
    """Issue 29: `--env production` never runs the development sender, whose listing would let
    anyone sign in as any number."""
    from pyhelpers.sprout_server import free_port, run_cli, start_server

    port = str(free_port())
    refused = run_cli(tmp_path, "serve", "--env", "production", "--hostname", "127.0.0.1", "--port", port,
                      env={"SPROUT_DEMO_DATA": "false"})
    assert refused.returncode != 0
    assert "SPROUT_SMS=development" in refused.stderr, refused.stderr

    server = start_server(tmp_path, {"SPROUT_DEMO_DATA": "false", "SPROUT_SMS": "test-numbers-only",
                                              "SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456"},
                          port=int(port), args=["serve", "--env", "production", "--hostname", "127.0.0.1", "--port", port])
    try:
        listing = requests.get(f"{server.base_url}/emulator/v1/projects/sprout-study/verificationCodes", timeout=10)
        assert listing.status_code == 404
        sent = post(toolkit(server, "accounts:sendVerificationCode"), {"phoneNumber": "+821011112222"})
        assert sent.status_code == 200, sent.text
        signed_in = post(toolkit(server, "accounts:signInWithPhoneNumber"),
                         {"sessionInfo": sent.json()["sessionInfo"], "code": "123456"})
        assert signed_in.status_code == 200, signed_in.text
        stranger = post(toolkit(server, "accounts:sendVerificationCode"), {"phoneNumber": "+821033334444"})
        expect_firebase_error(stranger, 400, "OPERATION_NOT_ALLOWED : this server does not send codes to this number")
        assert "123456" not in server.output()
    finally:
        server.stop()
