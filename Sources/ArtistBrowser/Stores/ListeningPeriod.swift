import LastFM

/// The periods a listener's charts cover, in the order `p` cycles through them: Last.fm's own `ChartPeriod`, whose
/// raw values are the names the API takes and whose labels the browser shows.
@_spi(Benchmarks) public typealias ListeningPeriod = ChartPeriod
