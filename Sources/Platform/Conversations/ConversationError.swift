import SproutAPI

/// Why the messenger refused, in the domain's words; each contract maps these to its wire shape
/// (Sprout's API in ConversationErrorMapping.swift, LSLP's in Lessons' API/LSLPErrorMapping.swift).
public enum ConversationError: Error, Equatable {
    case unknownApp
    /// No such product, lesson or account to talk to.
    case unknownSubject
    case withYourself
    /// One of the two blocked the other.
    case blocked
    /// No such conversation, or not one of mine: the same answer, so an id reveals nothing.
    case notFound
    case emptyText
    case textTooLong(maximum: Int)
    case controlCharacters
    case invalidPaging
    case photo(PhotoRefusal)
    /// A path that is not a photo stored for a message.
    case foreignFiles
}
