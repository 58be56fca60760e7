/// The version of layoutsim: what `layoutsim --version` prints, what reports record (results depend on it).
public enum LayoutSimVersion {
    /// The release, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
