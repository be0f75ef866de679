#include <iostream>
#include <string>

bool luhnValid(const std::string& number) {
    std::string digits;
    for (char ch : number) {
        if (ch != ' ') digits += ch;
    }
    if (digits.size() < 2) return false;
    int total = 0;
    for (size_t i = 0; i < digits.size(); i++) {
        char ch = digits[digits.size() - 1 - i];
        if (ch < '0' || ch > '9') return false;
        int d = ch - '0';
        if (i % 2 == 1) {
            d *= 2;
            if (d > 9) d -= 9;
        }
        total += d;
    }
    return total % 10 == 0;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (luhnValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
