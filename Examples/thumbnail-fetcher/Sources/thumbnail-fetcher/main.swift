import Foundation
import ImageCache

// thumbnail-fetcher [--size N] [--cache-dir DIR | --in-process] URL...
// Fetches each image through ImageManager, resized to fill an N×N box, and prints one line per URL:
// the URL (without its query), the tier that answered, the original size and the processed size.
// --in-process keeps the originals in a dictionary for this run (DictionaryDiskCache) instead of a cache folder.

var size = 64
var cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-fetcher")
var inProcess = false
var urls: [URL] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--size":
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
      FileHandle.standardError.write(Data("--size needs a whole number of pixels above 0, e.g. --size 64\n".utf8))
      exit(2)
    }
    size = value
  case "--cache-dir":
    guard let path = arguments.popFirst() else {
      FileHandle.standardError.write(Data("--cache-dir needs a folder\n".utf8))
      exit(2)
    }
    cacheDirectory = URL(fileURLWithPath: path)
  case "--in-process":
    inProcess = true
  default:
    guard let url = URL(string: argument), url.scheme == "http" || url.scheme == "https" else {
      FileHandle.standardError.write(Data("not an http(s) URL: \(argument.prefix(200).debugDescription)\n".utf8))
      exit(2)
    }
    urls.append(url)
  }
}
guard !urls.isEmpty else {
  FileHandle.standardError.write(
    Data("usage: thumbnail-fetcher [--size N] [--cache-dir DIR | --in-process] URL...\n".utf8))
  exit(2)
}

let manager: ImageManager
do {
  manager =
    inProcess
    ? ImageManager(
      loader: CurlDataLoader(), memory: ImageMemoryStore(), disk: DictionaryDiskCache(), decoder: ImageDecoder())
    : try ImageManager(configuration: ImageManager.Configuration(cacheDirectory: cacheDirectory))
} catch {
  FileHandle.standardError.write(Data("cannot open the cache in \(cacheDirectory.path): \(error)\n".utf8))
  exit(1)
}

let thumbnail = ImageProcessors.Resize(size: size, contentMode: .fill)
var failures = 0
for url in urls {
  do {
    let processed = try await manager.image(for: ImageRequest(url: url, processors: [thumbnail]))
    // The disk tier keeps the original bytes; their header says the original size without decoding them.
    let original = try await manager.data(for: ImageRequest(url: url, options: .returnCacheDataDontLoad))
    print(
      "\(ImageManagerError.redactedURL(url)) \(processed.tier.rawValue)"
        + " \(original.header.width)x\(original.header.height) -> \(processed.width)x\(processed.height)")
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    failures += 1
  }
}
try? manager.close()
exit(failures == 0 ? 0 : 1)
