import Foundation

/// Checks a JSON document against one of the schema files under `docs/schemas/` with python3's `jsonschema`
/// module (Debian's python3-jsonschema; `scripts/install-deps` installs it), a kept validator rather than one of
/// our own.
public enum JSONSchemaValidator {
  /// `docs/schemas/` of this package.
  public static let schemaFolder = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/schemas")

  public static func schema(_ name: String) -> URL {
    schemaFolder.appendingPathComponent("\(name).schema.json")
  }

  /// True when python3 can import `jsonschema`; tests that need it are skipped otherwise, saying why.
  public static let isAvailable: Bool = {
    guard let output = try? ProcessRunner.runBlocking(env, ["python3", "-c", "import jsonschema"]) else { return false }
    return output.status == 0
  }()

  /// What the validator finds wrong with `document` against `schema`, one line each ("path: message"); empty when
  /// the document conforms. A document that is not JSON at all, or a schema that is not a valid schema, is one
  /// problem saying so.
  public static func problems(in document: String, schema: URL) throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("json-document-\(UUID().uuidString)")
    try Data(document.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let output = try ProcessRunner.runBlocking(env, ["python3", "-c", script, schema.path, file.path])
    let lines = output.stdout.split(separator: "\n").map(String.init)
    switch output.status {
    case 0: return []
    case 1 where !lines.isEmpty: return lines
    default: return ["the validator failed (status \(output.status)): \(output.stderr)"]
    }
  }

  /// The `python3` on PATH, the one `scripts/install-deps` checks.
  private static let env = URL(fileURLWithPath: "/usr/bin/env")

  /// Exit 0 when valid, 1 with one line per error (sorted by path, so the order is stable), 1 with the reason when
  /// the document is not JSON.
  private static let script = """
    import json, sys
    from jsonschema import Draft202012Validator, FormatChecker
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    try:
        document = json.load(open(sys.argv[2], encoding="utf-8"))
    except ValueError as error:
        print("(document): not JSON: %s" % error)
        sys.exit(1)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        print("%s: %s" % ("/".join(str(p) for p in error.absolute_path) or "(document)", error.message))
    sys.exit(1 if errors else 0)
    """
}
