print("artist-browser: not yet")
