extension Study {
    /// The 새싹샵's items, the same in every client (spec §5): five faces (`sesac`) and eight
    /// backgrounds, index 0 of each free and always owned. Product ids number the paid items from 1.
    public enum ShopCatalogue {
        public enum Kind: String, Sendable {
            case face, background
        }

        public struct Item: Sendable, Equatable {
            public let kind: Kind
            public let index: Int
            public let name: (ko: String, en: String)
            public let description: (ko: String, en: String)
            /// In won; 0 for the free item.
            public let price: Int

            /// The App Store product id; the free items have none.
            public var productID: String? {
                guard index > 0 else { return nil }
                return switch kind {
                case .face: "com.memolease.sesac1.sprout\(index)"
                case .background: "com.memolease.sesac1.background\(index)"
                }
            }

            public static func == (lhs: Item, rhs: Item) -> Bool { lhs.kind == rhs.kind && lhs.index == rhs.index }
        }

        public static let faces: [Item] = [
            Item(kind: .face, index: 0, name: ("기본 새싹", "Basic sprout"), description: ("새싹을 대표하는 기본 식물입니다", "The sprout everyone starts with"), price: 0),
            Item(kind: .face, index: 1, name: ("튼튼 새싹", "Sturdy sprout"), description: ("잎이 두껍고 튼튼한 새싹입니다", "Thick leaves, hard to knock over"), price: 1200),
            Item(kind: .face, index: 2, name: ("민트 새싹", "Mint sprout"), description: ("호불호가 갈리는 맛의 민트 새싹입니다", "A taste people love or hate"), price: 2500),
            Item(kind: .face, index: 3, name: ("퍼플 새싹", "Purple sprout"), description: ("고귀함을 상징하는 보라빛 새싹입니다", "Purple, the colour of nobility"), price: 2500),
            Item(kind: .face, index: 4, name: ("골드 새싹", "Gold sprout"), description: ("화려하게 빛나는 금빛 새싹입니다", "It shines like gold"), price: 2500),
        ]

        public static let backgrounds: [Item] = [
            Item(kind: .background, index: 0, name: ("하늘 공원", "Sky park"), description: ("새싹들을 많이 마주치는 매력적인 하늘 공원입니다", "Where sprouts meet under the sky"), price: 0),
            Item(kind: .background, index: 1, name: ("씨티 뷰", "City view"), description: ("창밖으로 보이는 도시 풍경", "The city through the window"), price: 1200),
            Item(kind: .background, index: 2, name: ("밤의 산책로", "Night walk"), description: ("어둠이 내린 조용한 산책로", "A quiet path after dark"), price: 1200),
            Item(kind: .background, index: 3, name: ("낮의 산책로", "Day walk"), description: ("햇살 가득한 산책로", "A path full of sunshine"), price: 1200),
            Item(kind: .background, index: 4, name: ("연극 무대", "Theatre stage"), description: ("조명이 켜진 연극 무대", "A stage under the lights"), price: 2500),
            Item(kind: .background, index: 5, name: ("라틴 거실", "Latin living room"), description: ("따뜻한 라틴풍 거실", "A warm Latin living room"), price: 2500),
            Item(kind: .background, index: 6, name: ("홈트방", "Home gym"), description: ("운동하며 공부하는 방", "Study between sets"), price: 2500),
            Item(kind: .background, index: 7, name: ("뮤지션 작업실", "Musician's studio"), description: ("음악이 흐르는 작업실", "A studio full of music"), price: 2500),
        ]

        /// The paid item a product id names.
        public static func item(productID: String) -> Item? {
            (faces + backgrounds).first { $0.productID == productID }
        }

        /// Index 0 is always owned, whatever a collection says.
        public static func owns(_ collection: [Int], _ index: Int) -> Bool {
            index == 0 || collection.contains(index)
        }
    }
}
