/// The JSON documents of InspectReply, shared by the server that writes them and the SDK, `animctl` and the tests
/// that read them (protocol/README.md, "Clock control and inspection", names every key). They are part of the
/// wire: a key renamed here is renamed for every reader, and `InspectionJSON` is the one encoding of them.
/// Times are seconds of server media time unless named otherwise; ids are the client's own numbers.
///
/// Keys that the server always writes (null when there is no value: `Status.output`, `Output.maxTextureSize`,
/// `Client.pid`, `Client.uid`, `Animation.key`) are required when decoding; keys the server leaves out when there
/// is no value (`Output.pacing`, `Output.session`, `Session.backend`, `Session.seat`, `OutputEntry.device`,
/// `OutputEntry.mode`, `OutputEntry.modesetting`) may be absent. Keys a reader does not know are ignored, so a
/// newer server's additions do not break an older reader.
public enum InspectionDocuments {}
