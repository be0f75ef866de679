#include <iostream>
#include <string>

std::string expandTabs(const std::string& line, int tabsize) {
    std::string out;
    int col = 0;
    for (char ch : line) {
        if (ch == '\t') {
            int spaces = tabsize - (col % tabsize);
            out.append(spaces, ' ');
            col += spaces;
        } else {
            out += ch;
            col++;
        }
    }
    return out;
}

int main() {
    std::string first, line;
    std::getline(std::cin, first);
    int tabsize = std::stoi(first);
    while (std::getline(std::cin, line)) {
        std::cout << expandTabs(line, tabsize) << "\n";
    }
    return 0;
}
