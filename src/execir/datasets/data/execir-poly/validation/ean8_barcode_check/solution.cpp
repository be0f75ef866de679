#include <iostream>
#include <string>

bool ean8Valid(const std::string& code) {
    if (code.size() != 8) return false;
    for (char ch : code) {
        if (ch < '0' || ch > '9') return false;
    }
    int total = 0;
    for (int i = 0; i < 7; i++) {
        int weight = i % 2 == 0 ? 3 : 1;
        total += (code[i] - '0') * weight;
    }
    int check = (10 - total % 10) % 10;
    return check == code[7] - '0';
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (ean8Valid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
