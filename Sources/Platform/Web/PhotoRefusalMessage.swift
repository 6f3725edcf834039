import SproutAPI

extension PhotoRefusal {
    /// What a page says under its photo field, in the page's language.
    public func message(_ context: PageContext) -> String {
        switch self {
        case .empty:
            context.pick(ko: "빈 파일이에요. 사진을 다시 골라 주세요.", en: "The file is empty. Choose the photo again.")
        case let .tooLarge(maxBytes):
            context.pick(ko: "사진 한 장은 \(Self.megabytes(maxBytes))MB 이하여야 해요.", en: "Each photo must be \(Self.megabytes(maxBytes)) MB or smaller.")
        case let .tooManyPixels(maxPixels):
            context.pick(ko: "사진의 화소가 너무 많아요. \(maxPixels / 10_000)만 화소 이하로 올려 주세요.",
                         en: "The photo has too many pixels: at most \(maxPixels / 1_000_000) million.")
        case let .tooMany(maximum):
            context.pick(ko: "사진은 최대 \(maximum)장까지 올릴 수 있어요.", en: "You can attach up to \(maximum) photos.")
        case .notAnImage:
            context.pick(ko: "사진을 읽을 수 없어요. JPEG, PNG, GIF, WebP, HEIC 사진을 올려 주세요.",
                         en: "A photo could not be read. Use JPEG, PNG, GIF, WebP or HEIC photos.")
        }
    }
}
