// `Client` and `Components`, generated at build time by swift-openapi-generator from `openapi.json`
// beside this file: Sprout's `/openapi/phone-auth.json`, copied by `snapshot.py`.
