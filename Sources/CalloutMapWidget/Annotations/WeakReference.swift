/// A weak reference that may cross threads (weak loads are atomic); read it on the actor
/// that owns the object.
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak let value: Object?

    init(_ value: Object) { self.value = value }
}
