print("imgcache: not yet")
