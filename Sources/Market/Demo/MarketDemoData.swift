import Fluent
import Foundation
import Platform
import SproutAPI

/// A living market for a new install: three vendors and a few dozen products, each with photos
/// drawn for its category and run through the same image pipeline as uploads.
struct MarketDemoData {
    let catalog: ProductCatalog
    let vendors: VendorDirectory

    static let vendorNames = ["acorn77", "pine12", "oakwood"]

    /// name, description, price, discount, stock, currency, category
    static let products: [(String, String, Double, Double, Int, Market.Currency, ProductCategory)] = [
        ("도토리 머그컵", "손으로 빚은 도자기 머그컵입니다. 350ml, 전자레인지 사용 가능해요.", 18000, 2000, 12, .krw, .living),
        ("원목 스툴", "참나무로 만든 작은 스툴. 화분 받침으로도 좋아요.", 45000, 0, 3, .krw, .furniture),
        ("Linen tote bag", "Washed linen tote with an inner pocket. Fits a 13-inch laptop.", 43000, 5000, 20, .krw, .clothing),
        ("캠핑 랜턴", "충전식 LED 랜턴, 3단계 밝기 조절. 한 번 충전으로 12시간.", 39000, 5000, 8, .krw, .hobby),
        ("다람쥐 키링", "도토리를 안고 있는 다람쥐 아크릴 키링이에요.", 6000, 0, 50, .krw, .hobby),
        ("핸드드립 세트", "드리퍼, 서버, 필터 40매가 함께 들어 있는 입문 세트입니다.", 52000, 7000, 5, .krw, .living),
        ("Wool beanie", "Merino wool beanie, one size, five colours.", 32000, 0, 0, .krw, .clothing),
        ("미니 화분", "공기정화 식물 스킨답서스가 심어진 미니 화분이에요.", 12000, 1000, 15, .krw, .living),
        ("가죽 카드지갑", "이탈리아 베지터블 가죽, 카드 6장 수납.", 29000, 0, 9, .krw, .clothing),
        ("Bamboo cutting board", "Two-sided bamboo board with a juice groove.", 38000, 4000, 11, .krw, .living),
        ("손뜨개 수세미", "아크릴 실로 뜬 도토리 모양 수세미 3개 세트.", 9000, 0, 30, .krw, .living),
        ("무선 이어폰 케이스", "실리콘 케이스, 카라비너 포함. 충격 흡수가 잘 돼요.", 11000, 3000, 0, .krw, .digital),
        ("향초", "머스크 앤 우드 향. 연소 시간 약 40시간.", 21000, 0, 14, .krw, .living),
        ("Enamel pin set", "Three enamel pins: acorn, oak leaf and squirrel.", 20000, 0, 40, .krw, .hobby),
        ("접이식 우산", "자동 개폐 3단 우산, 방풍 프레임.", 27000, 4000, 7, .krw, .living),
        ("문진", "황동으로 만든 도토리 문진. 책상 위 작은 포인트.", 33000, 0, 4, .krw, .books),
        ("Ceramic planter", "Matte ceramic planter with a drainage hole, 12 cm.", 26000, 3000, 6, .krw, .living),
        ("노트 3권 세트", "무지, 줄, 모눈 노트 각 1권. 만년필에도 번지지 않아요.", 14000, 0, 25, .krw, .books),
        ("스테인리스 텀블러", "보온 보냉 12시간, 500ml.", 26000, 6000, 10, .krw, .living),
        ("나무 숟가락", "호두나무를 깎아 만든 숟가락. 오일 마감.", 13000, 0, 18, .krw, .living),
        ("Hand cream", "Unscented shea butter hand cream, 50 ml.", 16000, 0, 33, .krw, .beauty),
        ("퍼즐 1000피스", "가을 숲 풍경 퍼즐. 완성 크기 50×75cm.", 22000, 2000, 2, .krw, .hobby),
        ("유리 물병", "내열 유리 물병 1L, 원목 뚜껑.", 17000, 0, 9, .krw, .living),
        ("자수 손수건", "면 100% 손수건에 도토리 자수를 놓았어요.", 8000, 500, 21, .krw, .clothing),
        ("Desk lamp", "Dimmable LED desk lamp with a flexible arm.", 61000, 14000, 5, .krw, .digital),
        ("원두 200g", "에티오피아 예가체프, 라이트 로스팅. 주문 후 로스팅해요.", 16000, 0, 40, .krw, .living),
        ("양모 슬리퍼", "발이 편한 양모 실내화, 230–270mm.", 35000, 5000, 6, .krw, .clothing),
        ("Sketchbook", "A5 sketchbook, 120 gsm paper, 80 pages.", 15000, 0, 17, .krw, .books),
        ("도토리묵 만들기 키트", "국산 도토리 가루 500g과 레시피 카드.", 15000, 0, 12, .krw, .living),
        ("라탄 바구니", "손으로 엮은 라탄 수납 바구니, 중형.", 31000, 3000, 3, .krw, .furniture),
    ]

    func load(on db: any Database, demo: DemoAccounts) async throws {
        var demoVendors: [Vendor] = []
        for (account, name) in zip(demo.accounts, Self.vendorNames) {
            demoVendors.append(try await vendors.register(accountID: try account.requireID(), name: name, on: db).0)
        }
        for (index, item) in Self.products.enumerated() {
            let photos = try (0..<(1 + index % 3)).map { try ProductIllustration.jpeg(item.6, seed: index, variant: $0) }
            _ = try await catalog.create(
                by: demoVendors[index % demoVendors.count],
                params: Market.ProductParams(name: item.0, description: item.1, price: item.2, currency: item.5, discountedPrice: item.3, stock: item.4, secret: nil),
                images: photos, category: item.6, on: db
            )
        }
    }
}
