// DemoCatalog — placeholder until its issue lands.
