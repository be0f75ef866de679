#include <iostream>
#include <string>
#include <vector>

std::string railFence(const std::string& message, int rails) {
    if (rails <= 1) return message;
    std::vector<std::string> rows(rails);
    int cycle = 2 * (rails - 1);
    for (size_t i = 0; i < message.size(); i++) {
        int pos = (int)(i % cycle);
        int row = pos < rails ? pos : cycle - pos;
        rows[row] += message[i];
    }
    std::string out;
    for (const std::string& r : rows) out += r;
    return out;
}

int main() {
    std::string first, message;
    std::getline(std::cin, first);
    std::getline(std::cin, message);
    std::cout << railFence(message, std::stoi(first)) << "\n";
    return 0;
}
