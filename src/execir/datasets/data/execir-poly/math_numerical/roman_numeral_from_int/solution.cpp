#include <iostream>
#include <string>

std::string toRoman(long long n) {
    static const int values[] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
    static const char* symbols[] = {"M", "CM", "D", "CD", "C", "XC", "L", "XL",
                                    "X", "IX", "V", "IV", "I"};
    if (n < 1 || n > 3999) return "invalid";
    std::string out;
    for (int i = 0; i < 13; i++) {
        while (n >= values[i]) {
            out += symbols[i];
            n -= values[i];
        }
    }
    return out;
}

int main() {
    long long n;
    while (std::cin >> n) {
        std::cout << toRoman(n) << "\n";
    }
    return 0;
}
