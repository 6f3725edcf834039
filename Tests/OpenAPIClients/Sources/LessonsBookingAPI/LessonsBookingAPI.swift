// `Client` and `Components`, generated at build time by swift-openapi-generator from `openapi.json`
// beside this file: Sprout's `/openapi/lessons-booking.json`, copied by `snapshot.py`.
