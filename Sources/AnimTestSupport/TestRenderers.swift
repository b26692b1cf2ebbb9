/// The renderers a drawing test runs with, by their `animserverd --renderer` names: every such test runs once with
/// each, so the software renderer and GLES stay checked alike.
public enum TestRenderers {
    public static let all = ["software", "gles"]
}
