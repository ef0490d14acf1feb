import CacheTool

await ImgCacheCommand.main()
