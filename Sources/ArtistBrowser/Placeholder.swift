// ArtistBrowser — placeholder until its issue lands.
