#include <iostream>
#include <string>
#include <vector>

std::string decimalText(long long n, long long d) {
    long long whole = n / d, rest = n % d;
    if (rest == 0) return std::to_string(whole);
    std::string digits;
    std::vector<int> seen(d, -1);
    while (rest != 0 && seen[rest] < 0) {
        seen[rest] = (int)digits.size();
        rest *= 10;
        digits += (char)('0' + rest / d);
        rest %= d;
    }
    std::string out = std::to_string(whole) + ".";
    if (rest == 0) return out + digits;
    int start = seen[rest];
    return out + digits.substr(0, start) + "(" + digits.substr(start) + ")";
}

int main() {
    long long n, d;
    while (std::cin >> n >> d) {
        std::cout << (d > 0 && n >= 0 ? decimalText(n, d) : "invalid") << "\n";
    }
    return 0;
}
