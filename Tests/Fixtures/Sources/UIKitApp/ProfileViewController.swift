import UIKit

final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let bioLabel: UILabel = {
        let label = UILabel()
        label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 15))
        label.numberOfLines = 0
        label.adjustsFontForContentSizeCategory = true
        return label
    }()
    private let saveButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("profile.title", comment: "Screen title")
        nameLabel.text = NSLocalizedString("profile.name", comment: "")
        nameLabel.font = .preferredFont(forTextStyle: .headline)
        bioLabel.text = String(localized: "profile.bio")
        saveButton.setTitle(NSLocalizedString("profile.save", comment: ""), for: .normal)
        saveButton.titleLabel?.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        NSLayoutConstraint.activate([
            saveButton.widthAnchor.constraint(equalToConstant: 120),
        ])
    }
}
