/// The base of every scene's view controller, as `UIViewController` is CleanStore's: the runtime it owns (what
/// `SceneShell` forwards the navigation stack's calls to), and the interactor and router its `setup` (the
/// factory) hands it. Each view controller adds its display logic, its keys and its screen.
@MainActor
class SceneViewController<Interactor, Router> {
  let runtime: SceneRuntime
  var interactor: Interactor?
  var router: Router?

  init(runtime: SceneRuntime) {
    self.runtime = runtime
  }
}

/// The base of every scene's interactor: the presenter it hands its responses to and the worker it loads with.
/// Each interactor adds its business logic and the data store its router reads.
@MainActor
class SceneInteractor<Presenter, Worker> {
  var presenter: Presenter?
  var worker: Worker

  init(worker: Worker, presenter: Presenter? = nil) {
    self.presenter = presenter
    self.worker = worker
  }
}

/// The base of every scene's router, as CleanStore's routers share one protocol: the data store it reads what
/// to pass on from, the factory it makes the next scene with and the navigator it moves on (`routeBack()` comes
/// from `SceneRouting`). Each router adds its own routes and `passDataTo…`.
@MainActor
class SceneRouter<DataStore>: SceneRouting {
  var dataStore: DataStore?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: DataStore? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }
}

/// The base of every scene's presenter: the display logic it hands its view models to, held weakly as CleanStore's
/// presenter holds its view controller (the view controller owns the interactor, which owns the presenter).
/// `Display` is the scene's class-bound display-logic protocol, as `any …DisplayLogic`. Swift declares no `weak`
/// property of a generic type, since an existential cannot be constrained to `AnyObject`; the reference is kept as
/// `AnyObject` and read back as `Display`.
@MainActor
class ScenePresenter<Display> {
  private weak var display: AnyObject?

  var viewController: Display? {
    get { display as? Display }
    set { display = newValue.map { $0 as AnyObject } }
  }

  init(viewController: Display? = nil) {
    self.viewController = viewController
  }
}
