/// A disk tier that keeps a body a loader streamed into its blob folder (`DiskWrite.file`): its batch store names
/// the file in the commit of its entry instead of writing bytes (`BlobFolder.write(_:)`). Internal, because the
/// folder and the streamed file are the disk tier's own layout. A tier that does not declare it gets bodies in
/// memory, stored like any others. The manager asks once, when it is made, not per request.
protocol StreamedBodyStoring: BatchedDiskCaching {
  /// The folder streamed bodies are written into, unnamed until their entries commit.
  var streamedBodyFolder: BlobFolder { get }
}
