#include <iostream>
#include <string>

long long parseDuration(const std::string& text) {
    const std::string order = "hms";
    const long long factors[] = {3600, 60, 1};
    long long total = 0;
    std::string digits;
    int last = -1;
    for (char ch : text) {
        if (ch >= '0' && ch <= '9') {
            digits += ch;
        } else if (order.find(ch) != std::string::npos) {
            int pos = order.find(ch);
            if (digits.empty() || pos <= last) return -1;
            total += std::stoll(digits) * factors[pos];
            digits.clear();
            last = pos;
        } else {
            return -1;
        }
    }
    if (!digits.empty() || last < 0) return -1;
    return total;
}

int main() {
    std::string line;
    std::getline(std::cin, line);
    int q = std::stoi(line);
    for (int i = 0; i < q; i++) {
        if (!std::getline(std::cin, line)) line.clear();
        long long seconds = parseDuration(line);
        if (seconds < 0) std::cout << "invalid\n";
        else std::cout << seconds << "\n";
    }
    return 0;
}
