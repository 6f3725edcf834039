// SproutKit's clients take and return SproutAPI's wire types: `import SproutKit` brings them too.
@_exported import SproutAPI
