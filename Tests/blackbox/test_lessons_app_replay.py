"""All For Lesson's real sequence of calls (spec §4–§6), replayed call for call against the server:
a teacher opens a lesson, a student finds, bookmarks, pays for and reviews it, and someone else
tries to change it."""
from __future__ import annotations

from pyhelpers.lessons_api import Account, LessonsAPI, expect_error, expect_status
from pyhelpers.lessons_posts import (
    LIST_LIMIT, Member, check_comment, check_page, check_post, check_receipt, ids, jpeg, unique_product,
)


def join_and_login(api: LessonsAPI, role: str) -> Member:
    """Onboarding → join (role in phoneNum, no birthDay) → Login screen → login (§2.1, §4.3)."""
    account = Account.unique()
    joined = api.join({"email": account.email, "password": account.password, "nick": account.nick,
                       "phoneNum": role})
    expect_status(joined, 200)
    login = api.login(account.email, account.password)
    expect_status(login, 200)
    session = login.json()
    assert session["user_id"] == joined.json()["user_id"]
    member = Member(api, account, session["user_id"], session["accessToken"], session["refreshToken"], account.nick)
    assert member.my_profile()["phoneNum"] == role  # My Page picks the teacher or student UI from this
    return member


def test_a_lesson_from_opening_to_review(api, intruder):
    lesson_product = unique_product()  # stands in for the hidden ProductId.defaultId
    teacher = join_and_login(api, "1")
    student = join_and_login(api, "0")

    # 레슨 개설하기: three photos from PHPicker at JPEG quality 0.5, then the post.
    upload = teacher.upload([jpeg(size=(64, 48)), jpeg(size=(48, 64)), jpeg(size=(32, 32))])
    expect_status(upload, 200)
    files = upload.json()["files"]
    assert len(files) == 3
    created = teacher.create_post({
        "title": "예고 입시 바이올린", "price": 80000,
        "content": "예고 입시 전문 레슨입니다. #바이올린 #입시레슨 #예고",
        "content1": "바이올린", "content2": "서울", "content3": "입시", "content4": "", "content5": "",
        "product_id": lesson_product, "files": files,
    })
    expect_status(created, 200)
    lesson = check_post(created.json())
    post_id = lesson["post_id"]
    assert lesson["hashTags"] == ["바이올린", "입시레슨", "예고"]

    # 나의 레슨 관리: the teacher's own lessons, with limit= and next= empty.
    mine = teacher.user_posts(teacher.user_id, lesson_product)
    expect_status(mine, 200)
    assert ids(check_page(mine.json())) == [post_id]

    # The student's lesson list: everything at once, then a substring match on content1 (현악기).
    listed = student.list_posts(lesson_product, next="", limit=LIST_LIMIT)
    expect_status(listed, 200)
    strings = [post for post in check_page(listed.json()) if post["content1"] in ("바이올린", "비올라", "첼로")]
    assert ids(strings) == [post_id]
    cover = student.fetch_file(strings[0]["files"][0])
    expect_status(cover, 200)
    assert cover.headers["Content-Type"].startswith("image/jpeg")

    # The Hashtag tab finds it by the bare word.
    tagged = student.hashtag("입시레슨", lesson_product)
    expect_status(tagged, 200)
    assert ids(check_page(tagged.json())) == [post_id]

    # Lesson detail, then the bookmark: like_status = not (me in likes2), then re-fetch.
    detail = student.fetch_post(post_id)
    assert detail == lesson
    student.set_like(post_id, student.user_id not in detail["likes2"], "like-2")
    detail = student.fetch_post(post_id)
    assert detail["likes2"] == [student.user_id] and detail["likes"] == []
    bookmarks = student.liked("like-2")  # 북마크한 레슨: no query at all
    expect_status(bookmarks, 200)
    assert ids(check_page(bookmarks.json())) == [post_id]

    # 레슨 신청하기: the payment window charges the post's price, then the app validates imp_uid.
    window = student.pay(post_id, detail["price"])
    validation = student.validate(window["imp_uid"], post_id)
    expect_status(validation, 200)
    receipt = check_receipt(validation.json())
    assert (receipt["buyer_id"], receipt["post_id"], receipt["price"], receipt["productName"]) == (
        student.user_id, post_id, 80000, "예고 입시 바이올린")
    expect_error(student.validate(window["imp_uid"], post_id), 409)

    # 수강 내역: payments/me, and each cell fetches its post.
    assert student.payments() == [receipt]
    assert student.fetch_post(receipt["post_id"])["buyers"] == [student.user_id]

    # 레슨 후기: post a review, then the app re-fetches the detail.
    review = student.comment(post_id, "선생님 최고예요!")
    expect_status(review, 200)
    comment = check_comment(review.json())
    after = student.fetch_post(post_id)
    assert after["comments"] == [comment]
    assert (comment["creator"]["user_id"], comment["creator"]["nick"]) == (student.user_id, student.nick)

    # 레슨 수강 후기 (teacher): every comment of every one of my lessons, flattened.
    reviews = [c for post in check_page(teacher.user_posts(teacher.user_id, lesson_product).json())
               for c in post["comments"]]
    assert reviews == [comment]

    # Someone else tries to change or remove the lesson: 445, and nothing changes.
    expect_error(intruder.edit_post(post_id, {"title": "가로채기", "price": 1, "files": []}), 445)
    expect_error(intruder.delete_post(post_id), 445)
    expect_error(intruder.edit_comment(post_id, comment["comment_id"], "조작된 후기"), 445)
    expect_error(intruder.delete_comment(post_id, comment["comment_id"]), 445)
    assert teacher.fetch_post(post_id) == after
    for path in files:
        expect_status(student.fetch_file(path), 200)
