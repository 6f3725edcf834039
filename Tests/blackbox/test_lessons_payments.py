"""Lessons contract §2.6 Y1–Y2 and §5: paying for a lesson through the sandbox gateway (standing in
for iamport's payment window), validating the imp_uid, the buyers list and payments/me."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest

from pyhelpers.lessons_api import describe, expect_error, expect_status
from pyhelpers.lessons_posts import check_receipt, ids, unique_product

PRICE = 50000


@pytest.fixture
def lesson(teacher) -> dict:
    return teacher.new_post(unique_product(), price=PRICE, title="첼로 입시 레슨")


def receipts_for(member, post_id: str) -> list[dict]:
    return [receipt for receipt in member.payments() if receipt["post_id"] == post_id]


def validated(response) -> dict:
    expect_status(response, 200)
    return check_receipt(response.json())


def test_the_sandbox_window_answers_like_iamport(student, lesson):
    window = student.pay(lesson["post_id"], PRICE)
    assert window["success"] is True and window["status"] == "paid", window
    assert isinstance(window["merchant_uid"], str) and window["merchant_uid"], window
    for outcome in ("cancelled", "failed"):
        other = student.pay(lesson["post_id"], PRICE, outcome)
        assert other["success"] is False and other["status"] == outcome, other
        assert other["imp_uid"] != window["imp_uid"]


def test_a_paid_lesson_validates_into_a_receipt(student, lesson):
    window = student.pay(lesson["post_id"], PRICE)
    receipt = validated(student.validate(window["imp_uid"], lesson["post_id"]))
    assert receipt["buyer_id"] == student.user_id
    assert receipt["post_id"] == lesson["post_id"]
    assert receipt["merchant_uid"] == window["merchant_uid"]
    assert receipt["productName"] == lesson["title"]
    assert receipt["price"] == PRICE
    paid_at = datetime.fromisoformat(receipt["paidAt"].replace("Z", "+00:00"))
    assert abs(paid_at - datetime.now(timezone.utc)) < timedelta(minutes=5), receipt

    assert student.fetch_post(lesson["post_id"])["buyers"] == [student.user_id]
    assert receipts_for(student, lesson["post_id"]) == [receipt]


def test_paying_twice_lists_the_buyer_once_and_keeps_both_receipts(student, intruder, lesson):
    first = validated(student.validate(student.pay(lesson["post_id"], PRICE)["imp_uid"], lesson["post_id"]))
    second = validated(student.validate(student.pay(lesson["post_id"], PRICE)["imp_uid"], lesson["post_id"]))
    assert first["merchant_uid"] != second["merchant_uid"]
    validated(intruder.validate(intruder.pay(lesson["post_id"], PRICE)["imp_uid"], lesson["post_id"]))

    buyers = student.fetch_post(lesson["post_id"])["buyers"]
    assert sorted(buyers) == sorted([student.user_id, intruder.user_id])
    assert receipts_for(student, lesson["post_id"]) == [second, first]  # newest first


def test_payments_me_is_newest_first_across_lessons(teacher, student):
    product = unique_product()
    lessons = [teacher.new_post(product, price=price) for price in (10000, 20000, 30000)]
    receipts = [validated(student.validate(student.pay(post["post_id"], post["price"])["imp_uid"], post["post_id"]))
                for post in lessons]
    listed = [receipt for receipt in student.payments() if receipt["post_id"] in ids(lessons)]
    assert listed == list(reversed(receipts))
    assert student.payments()[0] == receipts[-1]  # the newest of all is on top


def test_same_imp_uid_again_is_409(student, intruder, lesson):
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    receipt = validated(student.validate(imp_uid, lesson["post_id"]))
    expect_error(student.validate(imp_uid, lesson["post_id"]), 409)
    expect_error(intruder.validate(imp_uid, lesson["post_id"]), 409)  # nor can someone else claim it
    assert receipts_for(student, lesson["post_id"]) == [receipt]
    assert receipts_for(intruder, lesson["post_id"]) == []
    assert student.fetch_post(lesson["post_id"])["buyers"] == [student.user_id]


def test_racing_validations_of_one_imp_uid_succeed_once(student, lesson):
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    racers = 8
    start = threading.Barrier(racers)

    def race(_):
        start.wait()
        return student.validate(imp_uid, lesson["post_id"])

    with ThreadPoolExecutor(racers) as pool:
        responses = list(pool.map(race, range(racers)))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200] + [409] * (racers - 1), [describe(r) for r in responses]
    for response in responses:
        if response.status_code == 409:
            expect_error(response, 409)
    assert len(receipts_for(student, lesson["post_id"])) == 1
    assert student.fetch_post(lesson["post_id"])["buyers"] == [student.user_id]


def test_two_users_racing_for_one_imp_uid_make_one_buyer(student, intruder, lesson):
    """Only the account that checked out may validate: the student's three tries make one 200 and
    two 409s, and the intruder, whoever gets there first, never takes the purchase (403 before
    the student validated, 409 after)."""
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    start = threading.Barrier(6)

    def race(index):
        start.wait()
        return (student, intruder)[index % 2].validate(imp_uid, lesson["post_id"])

    with ThreadPoolExecutor(6) as pool:
        responses = list(pool.map(race, range(6)))
    mine, theirs = responses[0::2], responses[1::2]
    assert sorted(r.status_code for r in mine) == [200, 409, 409], [describe(r) for r in mine]
    assert all(r.status_code in (403, 409) for r in theirs), [describe(r) for r in theirs]
    assert student.fetch_post(lesson["post_id"])["buyers"] == [student.user_id]
    assert [receipt["buyer_id"] for receipt in receipts_for(student, lesson["post_id"])] == [student.user_id]
    assert receipts_for(intruder, lesson["post_id"]) == []


@pytest.mark.parametrize("outcome", ["cancelled", "failed"])
def test_a_payment_that_did_not_go_through_records_nothing(student, lesson, outcome):
    # The app sends every imp_uid it gets back, even from a cancelled window (§5 step 3).
    imp_uid = student.pay(lesson["post_id"], PRICE, outcome)["imp_uid"]
    expect_error(student.validate(imp_uid, lesson["post_id"]), 400)
    assert receipts_for(student, lesson["post_id"]) == []
    assert student.fetch_post(lesson["post_id"])["buyers"] == []


@pytest.mark.parametrize("amount", [PRICE - 1, PRICE + 1, 1])
def test_an_amount_other_than_the_price_is_400(student, lesson, amount):
    imp_uid = student.pay(lesson["post_id"], amount)["imp_uid"]
    expect_error(student.validate(imp_uid, lesson["post_id"]), 400)
    assert receipts_for(student, lesson["post_id"]) == []
    assert student.fetch_post(lesson["post_id"])["buyers"] == []


def test_the_price_field_cannot_override_a_priced_post(student, lesson):
    imp_uid = student.pay(lesson["post_id"], 100)["imp_uid"]
    expect_error(student.validate(imp_uid, lesson["post_id"], price=100), 400)
    assert student.fetch_post(lesson["post_id"])["buyers"] == []


def test_a_post_without_price_is_paid_at_the_price_sent(teacher, student):
    body = {"title": "가격 미정 레슨", "content": "상담 후 결정", "product_id": unique_product(), "files": []}
    response = teacher.create_post(body)
    expect_status(response, 200)
    post = response.json()
    assert post["price"] == 0

    imp_uid = student.pay(post["post_id"], 30000)["imp_uid"]
    receipt = validated(student.validate(imp_uid, post["post_id"], price=30000))
    assert receipt["price"] == 30000 and receipt["productName"] == "가격 미정 레슨"
    assert student.fetch_post(post["post_id"])["buyers"] == [student.user_id]


def test_a_post_without_price_still_checks_the_price_sent(teacher, student):
    body = {"title": "가격 미정", "product_id": unique_product(), "files": []}
    post = teacher.create_post(body).json()
    imp_uid = student.pay(post["post_id"], 30000)["imp_uid"]
    expect_error(student.validate(imp_uid, post["post_id"], price=20000), 400)
    assert student.fetch_post(post["post_id"])["buyers"] == []


@pytest.mark.parametrize("missing", ["imp_uid", "post_id"])
def test_validation_needs_imp_uid_and_post_id(student, lesson, missing):
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    fields = {"imp_uid": imp_uid, "post_id": lesson["post_id"]}
    fields[missing] = None
    expect_error(student.validate(**fields), 400)
    fields[missing] = ""
    expect_error(student.validate(**fields), 400)
    # Nothing was used up: the right call still goes through.
    validated(student.validate(imp_uid, lesson["post_id"]))


def test_an_unknown_imp_uid_is_400(student, lesson):
    expect_error(student.validate("imp_000000000000", lesson["post_id"]), 400)
    assert student.fetch_post(lesson["post_id"])["buyers"] == []


def test_validating_against_an_unknown_post_is_410(student, lesson):
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    expect_error(student.validate(imp_uid, "0123456789abcdef01234567"), 410)


def test_validating_against_a_deleted_post_is_410(teacher, student, lesson):
    imp_uid = student.pay(lesson["post_id"], PRICE)["imp_uid"]
    expect_status(teacher.delete_post(lesson["post_id"]), 200)
    expect_error(student.validate(imp_uid, lesson["post_id"]), 410)
    assert receipts_for(student, lesson["post_id"]) == []
