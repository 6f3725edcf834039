// `Client` and `Components`, generated at build time by swift-openapi-generator from `openapi.json`
// beside this file: Sprout's `/openapi/market.json`, copied by `snapshot.py`.
