// AnimScenes: scenes (view controllers of layers), presentations, navigation stacks and UIKit-style custom and
// interactive transitions, on top of AnimKit.
//
// Porting a UIKit custom transition is a matter of renaming:
//
//     final class CardAnimator: TransitionAnimator {              // UIViewControllerAnimatedTransitioning
//         func transitionDuration(using context: TransitionContext?) -> Double { 0.4 }
//         func animateTransition(using context: TransitionContext) {
//             let card = context.layer(forKey: .to)!                 // view(forKey: .to)
//             card.frame = context.finalFrame(for: context.scene(forKey: .to))
//             try? context.containerLayer.addSublayer(card)         // containerView.addSubview
//             Transaction.setCompletionBlock {                       // UIView.animate's completion
//                 context.completeTransition(!context.transitionWasCancelled)
//             }
//             let grow = SpringAnimation(keyPath: "transform", perceptualDuration: 0.4, bounce: 0.2)
//             grow.fromValue = .transform(.scale(0.5, 0.5, 1))
//             grow.toValue = .transform(.identity)
//             try? card.add(grow, forKey: "grow")
//             card.opacity = 1                                       // implicit, with the transition's duration
//         }
//     }
//
//     final class Detail: Scene, TransitioningDelegate, @unchecked Sendable {  // UIViewController
//         func animator(forPresented presented: Scene, presenting: Scene, source: Scene)
//             -> (any TransitionAnimator)? { CardAnimator() }
//     }
//
//     let window = SceneWindow(connection: connection)   // fills the display, under connection.rootLayer
//     try window.setRootScene(NavigationStack(connection: connection, rootScene: Home(connection: connection)))
//     let detail = Detail(connection: connection)
//     detail.transitioningDelegate = detail
//     try window.present(detail, animated: true)
//
// Interactive transitions: return a `PercentDrivenInteractiveTransition` from
// `interactionController(forDismissal:)` (or the stack delegate's) while a pan runs, and call `update(_:)`,
// `finish()` or `cancel()` from the gesture. The framework pauses the container layer's time and the server runs the
// animator's animations at the scrubbed time (docs/core-animation-rules.md#interactive-transitions).
//
// One transition runs at a time per window; another asked for meanwhile throws
// `SceneTransitionError.transitionInProgress` (nothing is queued). Callbacks (completion blocks, animation delegates,
// the end of a cancelled transition) come on the connection's `delegateQueue`: drive scenes from that queue.

@_exported import AnimKit
