@testable import ArtistBrowser

@MainActor
final class NavigatorSpy: SceneNavigating {
  var pushed: [any BrowserScene] = []
  var popCalled = false
  var statuses: [StatusLine] = []

  func push(_ scene: any BrowserScene) { pushed.append(scene) }
  func pop() { popCalled = true }
  func setStatus(_ status: StatusLine) { statuses.append(status) }
}
