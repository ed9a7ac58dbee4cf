import Bindery
import BinderyJSON

/// The JSON documents that describe surfaces: `/api/surface` (docs/HTTP.md), one view
/// model's entry of it (`describe`), and the `list` entries (docs/PROTOCOL.md).
/// Surfaces never change while the daemon runs, so these are built once.
public enum SurfaceDocument {
    /// `{"viewModels": {NAME: entry, …}}`.
    public static func all(_ surfaces: [Surface]) -> [UInt8] {
        var writer = JSONWriter(capacity: 2_048)
        writer.beginObject()
        writer.key("viewModels")
        writer.beginObject()
        for surface in surfaces {
            writer.key(surface.name)
            write(surface, constraints: false, to: &writer)
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// One view model's entry; with `constraints`, inputs that have one carry `constraint`.
    public static func entry(_ surface: Surface, constraints: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        write(surface, constraints: constraints, to: &writer)
        return writer.bytes
    }

    /// `{"name", "inputs": [names], "outputs": [names], "commands": [names]}`.
    public static func listEntry(_ surface: Surface) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("name"); writer.string(surface.name)
        writer.key("inputs"); names(surface.inputs.map(\.name), &writer)
        writer.key("outputs"); names(surface.outputs.map(\.name), &writer)
        writer.key("commands"); names(surface.commands.map(\.name), &writer)
        writer.endObject()
        return writer.bytes
    }

    private static func names(_ names: [String], _ writer: inout JSONWriter) {
        writer.beginArray()
        for name in names { writer.string(name) }
        writer.endArray()
    }

    private static func write(_ surface: Surface, constraints: Bool, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("inputs")
        writer.beginArray()
        for input in surface.inputs {
            writer.beginObject()
            writer.key("name"); writer.string(input.name)
            writer.key("type"); writer.string(input.type.rawValue)
            if let typeName = input.typeName { writer.key("typeName"); writer.string(typeName) }
            if input.isOptional { writer.key("optional"); writer.bool(true) }
            if input.isSecret { writer.key("secret"); writer.bool(true) }
            let constraint = input.constraint.description
            if constraints, !constraint.isEmpty {
                writer.key("constraint"); writer.string(constraint)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("outputs")
        writer.beginArray()
        for output in surface.outputs {
            writer.beginObject()
            writer.key("name"); writer.string(output.name)
            writer.key("derivesFrom"); names(output.derivesFrom, &writer)
            if !output.itemFields.isEmpty {
                writer.key("items")
                writer.beginArray()
                for field in output.itemFields {
                    writer.beginObject()
                    writer.key("name"); writer.string(field.name)
                    writer.key("label"); writer.string(field.label)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("commands")
        writer.beginArray()
        for command in surface.commands {
            writer.beginObject()
            writer.key("name"); writer.string(command.name)
            writer.key("argument")
            if let argument = command.argument {
                writer.beginObject()
                writer.key("name"); writer.string(argument.name)
                writer.key("type"); writer.string(argument.type.rawValue)
                writer.endObject()
            } else {
                writer.null()
            }
            writer.key("enabledDerivesFrom"); names(command.enabledDerivesFrom, &writer)
            writer.key("startedBy"); names(command.startedBy, &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
