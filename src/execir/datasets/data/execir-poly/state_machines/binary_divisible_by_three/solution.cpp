#include <iostream>
#include <string>

bool divisibleByThree(const std::string& bits) {
    int remainder = 0;
    for (char ch : bits) {
        if (ch != '0' && ch != '1') return false;
        remainder = (remainder * 2 + (ch - '0')) % 3;
    }
    return remainder == 0;
}

int main() {
    std::string word;
    while (std::cin >> word) {
        std::cout << (divisibleByThree(word) ? "yes" : "no") << "\n";
    }
    return 0;
}
