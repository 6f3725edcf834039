import Fluent

/// The platform's tables, in the order they were introduced.
public enum PlatformMigrations {
    public static let all: [any Migration] = [
        CreateAccount(), CreateRefreshToken(), CreateAPIKey(),
        CreatePhoneVerification(), CreatePhoneRefreshToken(), CreateWebSession(), AddAccountDisabledAt(),
        AddRefreshTokenFamilies(), CreateReadVersions(), CreateReport(), CountCredentialsReads(),
        BumpReadVersionsAtCommit(), CreateAccountReadVersions(), CreateConversations(), CreateAccountEvents(), CreateNotifications(), CreatePushOutbox(),
        CreatePushSubscriptions(), AddConversationWebIDs(), CreateConversationUploads(),
        AddNotificationActors(), CreateCalendarFeeds(), CreateConversationAppointments(), AddConversationMessageRemovals(),
        NotifyReadVersionChanges(),
    ]
}
