/// Where a listing is in its sale, as Karrot's sellers mark it: still for sale, promised to a
/// buyer (예약중) or sold (거래완료). The market's API contract has no such field, so only the web
/// shows and sets it; the API answers every product as before.
enum SaleState: String, CaseIterable, Sendable {
    case selling, reserved, sold
}
