#include <iostream>
#include <string>

std::string columnLabel(long long n) {
    std::string label;
    while (n > 0) {
        n--;
        label.insert(label.begin(), (char)('A' + n % 26));
        n /= 26;
    }
    return label;
}

int main() {
    long long n;
    while (std::cin >> n) {
        std::cout << (n >= 1 ? columnLabel(n) : "invalid") << "\n";
    }
    return 0;
}
