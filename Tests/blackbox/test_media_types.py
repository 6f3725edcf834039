"""A body in a media type the route does not read is refused before anything decodes it, in each
contract's error shape, and changes nothing (issue 15, item 9). What the published clients send
keeps working: JSON with a charset, a Content-Type on bodiless GETs and DELETEs (Dotori), forms
and JSON on the study and phone-auth routes that take both.
"""
from __future__ import annotations

import uuid

import requests

from pyhelpers.market_api import product_params
from pyhelpers.study_api import API_KEY, StudyClient

FORM = "application/x-www-form-urlencoded"


def unique_email() -> str:
    return f"media-{uuid.uuid4().hex[:10]}@example.com"


def test_platform_join_and_login_refuse_a_form_with_415(server):
    email = unique_email()
    joined = requests.post(f"{server.base_url}/api/auth/join", timeout=15, headers={"Content-Type": FORM},
                           data=f"email={email}&password=long-enough-pw&name=media{uuid.uuid4().hex[:6]}")
    assert joined.status_code == 415, joined.text
    body = joined.json()
    assert body["error"] is True and "application/json" in body["reason"] and FORM in body["reason"]
    login = requests.post(f"{server.base_url}/api/auth/login", timeout=15, json={"email": email, "password": "long-enough-pw"})
    assert login.status_code == 401, "the refused join created the account"

    as_json = requests.post(f"{server.base_url}/api/auth/join", timeout=15,
                            headers={"Content-Type": "application/json; charset=utf-8"},
                            data=f'{{"email":"{email}","password":"long-enough-pw","name":"media{uuid.uuid4().hex[:6]}"}}')
    assert as_json.status_code == 200, as_json.text


def test_lessons_refuse_a_form_body_with_the_contracts_400(api):
    email = unique_email()
    joined = api.request("POST", "/v1/users/join", headers={"Content-Type": FORM},
                         data=f"email={email}&password=long-enough-pw&nick=media{uuid.uuid4().hex[:6]}")
    assert joined.status_code == 400, joined.text
    assert set(joined.json()) == {"message"}
    free = api.request("POST", "/v1/validation/email", json={"email": email})
    assert free.status_code == 200, f"the refused join took the email: {free.text}"


def test_the_market_refuses_a_form_patch_and_leaves_the_product_alone(market, seller):
    product = market.create_product(seller)
    patched = market.request("PATCH", f"/api/products/{product['id']}", identifier=seller.identifier,
                             headers={"Content-Type": FORM}, data=f"name=changed&secret={seller.secret}")
    assert patched.status_code == 400, patched.text
    assert patched.json()["error"] is True and FORM in patched.json()["reason"]
    assert market.product(product["id"])["name"] == product["name"]

    # Dotori's multipart Content-Type on a GET has no body to refuse.
    listed = market.request("GET", "/api/products?page_no=1&items_per_page=1",
                            headers={"Content-Type": "multipart/form-data; boundary=dotori"})
    assert listed.status_code == 200, listed.text


def test_reading_refuses_a_form_with_415_and_adds_nothing(server):
    joined = requests.post(f"{server.base_url}/api/auth/join", timeout=15, json={
        "email": unique_email(), "password": "long-enough-pw", "name": f"media{uuid.uuid4().hex[:6]}"})
    assert joined.status_code == 200, joined.text
    bearer = {"Authorization": f"Bearer {joined.json()['accessToken']}"}
    added = requests.post(f"{server.base_url}/api/reading/library", timeout=15,
                          headers={**bearer, "Content-Type": FORM}, data="title=Refused&author=Nobody")
    assert added.status_code == 415, added.text
    assert added.json()["error"] is True
    library = requests.get(f"{server.base_url}/api/reading/library", timeout=15, headers=bearer)
    assert library.status_code == 200 and library.json()["books"] == [], library.text


def test_study_refuses_text_with_its_501_and_takes_forms_and_json(server):
    client = StudyClient.signed_in(server.base_url)
    refused = client.send("POST", "/v1/user", client.signup_form(nick="매체", birth="1998-03-01T00:00:00.000Z"),
                          content_type="text/plain")
    assert refused.status_code == 501, refused.text
    assert client.get_user().status_code == 406, "the refused sign-up signed the user up"
    assert client.sign_up(nick="매체").status_code == 200


def test_phone_auth_refuses_text_with_googles_415(server):
    url = f"{server.base_url}/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key={API_KEY}"
    refused = requests.post(url, timeout=15, headers={"Content-Type": "text/plain"}, data='{"phoneNumber":"+821012345678"}')
    assert refused.status_code == 415, refused.text
    assert refused.json()["error"]["code"] == 415
    as_form = requests.post(url, timeout=15, headers={"Content-Type": FORM}, data="phoneNumber=%2B821012345678")
    assert as_form.status_code == 200, as_form.text


def test_the_documents_list_the_refusal(server):
    documents = {name: requests.get(f"{server.base_url}/openapi/{name}.json", timeout=15).json()
                 for name in ("platform", "lessons", "market", "study", "reading")}
    assert "415" in documents["platform"]["paths"]["/api/auth/login"]["post"]["responses"]
    assert "415" in documents["reading"]["paths"]["/api/reading/library"]["post"]["responses"]
    assert "415" not in documents["lessons"]["paths"]["/v1/users/join"]["post"]["responses"]
    assert "400" in documents["lessons"]["paths"]["/v1/users/join"]["post"]["responses"]
    assert "501" in documents["study"]["paths"]["/v1/user"]["post"]["responses"]
