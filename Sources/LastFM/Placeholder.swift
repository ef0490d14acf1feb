// LastFM — placeholder until its issue lands.
