// BlockArt — placeholder until its issue lands.
